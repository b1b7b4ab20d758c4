// Checks docker/compose.yaml by construction, since Docker Compose cannot run on our machines:
// it parses, every build points at an existing Dockerfile, every depends_on names a service,
// every named volume is declared, databases have healthchecks, and published ports do not collide.
// Where the `docker compose` plugin exists, its own `config` check runs as well.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { parse } from 'yaml';

const composePath = resolve('docker/compose.yaml');
const compose = parse(readFileSync(composePath, 'utf8'));
const problems = [];
const services = compose.services ?? {};
const declaredVolumes = new Set(Object.keys(compose.volumes ?? {}));
const publishedPorts = new Map();

if (Object.keys(services).length === 0) problems.push('no services');
for (const [name, service] of Object.entries(services)) {
  if (!service.image && !service.build) problems.push(`${name}: needs image or build`);
  if (service.build) {
    const context = resolve(dirname(composePath), service.build.context ?? '.');
    const dockerfile = join(context, service.build.dockerfile ?? 'Dockerfile');
    if (!existsSync(dockerfile)) problems.push(`${name}: Dockerfile ${dockerfile} does not exist`);
  }
  const dependsOn = Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((dependency) => [dependency, {}]))
    : (service.depends_on ?? {});
  for (const dependency of Object.keys(dependsOn)) {
    if (!services[dependency]) problems.push(`${name}: depends_on unknown service ${dependency}`);
    const condition = dependsOn[dependency]?.condition;
    if (condition === 'service_healthy' && !services[dependency]?.healthcheck) {
      problems.push(`${name}: waits for ${dependency} to be healthy, but ${dependency} has no healthcheck`);
    }
  }
  for (const volume of service.volumes ?? []) {
    const source = String(volume).split(':')[0];
    if (source && !source.startsWith('.') && !source.startsWith('/') && !declaredVolumes.has(source)) {
      problems.push(`${name}: volume ${source} is not declared under volumes`);
    }
    if (source?.startsWith('.') && !existsSync(resolve(dirname(composePath), source))) {
      problems.push(`${name}: bind-mounted ${source} does not exist`);
    }
  }
  for (const port of service.ports ?? []) {
    const host = String(port).split(':')[0];
    if (publishedPorts.has(host)) problems.push(`${name}: host port ${host} already published by ${publishedPorts.get(host)}`);
    publishedPorts.set(host, name);
  }
  const url = service.environment?.DATABASE_URL;
  if (url && !/^postgres(ql)?:\/\//.test(url)) problems.push(`${name}: DATABASE_URL must be a postgresql:// URL`);
}

// The console and the workers are executors of one fleet: one tool catalog (ADR 0011-one-tool-catalog) and one set
// of lease settings, so each shared executor variable is set in both with the same value.
const sharedExecutorVariables = [
  'AGENTLOOM_TOOL_MODULES',
  'AGENTLOOM_LEASE_MS',
  'AGENTLOOM_HEARTBEAT_MS',
  'AGENTLOOM_POLL_MS',
  'AGENTLOOM_RECOVERY_INTERVAL_MS',
];
if (services.console && services.worker) {
  for (const variable of sharedExecutorVariables) {
    const consoleValue = services.console.environment?.[variable];
    const workerValue = services.worker.environment?.[variable];
    if (consoleValue === undefined || workerValue === undefined) problems.push(`console and worker must both set ${variable}`);
    else if (String(consoleValue) !== String(workerValue)) problems.push(`${variable} differs between console (${consoleValue}) and worker (${workerValue})`);
  }
}

// Every metric a Grafana panel queries must be one the platform exports.
const metricsSource = readdirSync(resolve('packages/platform/src/metrics'))
  .map((file) => readFileSync(resolve('packages/platform/src/metrics', file), 'utf8'))
  .join('\n');
for (const file of readdirSync(resolve('docker/grafana/dashboards'))) {
  const dashboard = JSON.parse(readFileSync(resolve('docker/grafana/dashboards', file), 'utf8'));
  for (const panel of dashboard.panels ?? []) {
    for (const target of panel.targets ?? []) {
      for (const metric of String(target.expr).match(/agentloom_[a-z_]+/g) ?? []) {
        const base = metric.replace(/_(bucket|sum|count)$/, '');
        if (!metricsSource.includes(`'${base}'`)) problems.push(`grafana ${file}: panel "${panel.title}" queries unknown metric ${metric}`);
      }
    }
  }
}

const plugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
if (plugin.status === 0) {
  const check = spawnSync('docker', ['compose', '-f', composePath, 'config', '--quiet'], { encoding: 'utf8' });
  if (check.status !== 0) problems.push(`docker compose config: ${check.stderr.trim()}`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`docker/compose.yaml: ${problem}`);
  process.exit(1);
}
console.log(`docker/compose.yaml: ${Object.keys(services).length} services check out`);
