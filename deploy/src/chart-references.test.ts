import { describe, expect, it } from 'vitest';

import { readEnvironment } from '../../apps/worker/src/env';
import { workerHealthPaths } from '../../apps/worker/src/health-server';
import type { KubernetesObject } from './render-chart';
import { chartVariants, objectsOfKind, podTemplateOf, renderVariant, type Container } from './testing/chart-variants';
import { consoleRouteExists, declaredVariables, exportedMetricNames, rootScripts } from './testing/repository-facts';

const selects = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([key, value]) => labels[key] === value);
const componentOf = (object: KubernetesObject) => object.metadata.labels?.['app.kubernetes.io/component'];

describe.each(chartVariants)('references inside the chart with $name', ({ options }) => {
  const rendered = renderVariant(options);
  const deployments = objectsOfKind(rendered, 'Deployment');
  const workloads = [...deployments, ...objectsOfKind(rendered, 'Job')];
  const secret = objectsOfKind(rendered, 'Secret')[0];
  const configMaps = objectsOfKind(rendered, 'ConfigMap');
  const existingSecret = (options.values?.['secrets'] as { existingSecret?: string } | undefined)?.existingSecret;
  const containersOf = (object: KubernetesObject): Container[] => podTemplateOf(object).spec.containers;

  it('has each Deployment select its own pods, and every Service and budget select exactly one Deployment', () => {
    for (const deployment of deployments) {
      const selector = (deployment['spec'] as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
      expect(selects(selector, podTemplateOf(deployment).metadata.labels)).toBe(true);
    }
    const selectors = [
      ...objectsOfKind(rendered, 'Service').map((service) => ({
        owner: service,
        selector: (service['spec'] as { selector: Record<string, string> }).selector,
      })),
      ...objectsOfKind(rendered, 'PodDisruptionBudget').map((budget) => ({
        owner: budget,
        selector: (budget['spec'] as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels,
      })),
    ];
    for (const { owner, selector } of selectors) {
      const matched = workloads.filter((workload) => selects(selector, podTemplateOf(workload).metadata.labels));
      expect(
        matched.map((workload) => workload.metadata.name),
        `${owner.kind} ${owner.metadata.name}`,
      ).toEqual([deployments.find((deployment) => componentOf(deployment) === componentOf(owner))!.metadata.name]);
    }
  });

  it('points the Service at a port the console container listens on', () => {
    const service = objectsOfKind(rendered, 'Service')[0]!;
    const console = deployments.find((deployment) => componentOf(deployment) === 'console')!;
    const ports = containersOf(console).flatMap((container) => container.ports ?? []);
    for (const { targetPort } of (service['spec'] as { ports: { targetPort: string | number }[] }).ports) {
      expect(ports.some((port) => port.name === targetPort || port.containerPort === targetPort)).toBe(true);
    }
    const environment = Object.fromEntries(containersOf(console)[0]!.env!.map((variable) => [variable.name, variable.value]));
    expect(Number(environment['PORT'])).toBe(ports[0]!.containerPort);
  });

  it('probes paths the console and the worker serve, on ports their containers declare', () => {
    for (const workload of deployments) {
      for (const container of containersOf(workload)) {
        for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) {
          if (probe === undefined) continue;
          if (probe.httpGet && componentOf(workload) === 'console') expect(consoleRouteExists(probe.httpGet.path), probe.httpGet.path).toBe(true);
          if (probe.httpGet && componentOf(workload) === 'worker') expect(Object.values(workerHealthPaths)).toContain(probe.httpGet.path);
          const port = probe.httpGet?.port ?? probe.tcpSocket?.port;
          expect(container.ports?.some((declared) => declared.name === port || declared.containerPort === port)).toBe(true);
        }
      }
    }
    const console = containersOf(deployments.find((deployment) => componentOf(deployment) === 'console')!)[0]!;
    expect(console.readinessProbe?.httpGet?.path).toBe('/api/health');
    const worker = containersOf(deployments.find((deployment) => componentOf(deployment) === 'worker')!)[0]!;
    expect([worker.livenessProbe?.httpGet?.path, worker.readinessProbe?.httpGet?.path]).toEqual([workerHealthPaths.live, workerHealthPaths.ready]);
    const healthPort = worker.env?.find((variable) => variable.name === 'AGENTLOOM_WORKER_HEALTH_PORT')?.value;
    expect(worker.ports?.find((port) => port.name === 'health')?.containerPort).toBe(Number(healthPort));
  });

  it('reads credentials from the Secret under the variable names env.ts declares, and the Secret has those keys', () => {
    for (const workload of workloads) {
      const app = componentOf(workload) === 'worker' ? 'worker' : 'console';
      for (const container of containersOf(workload)) {
        for (const variable of container.env ?? []) {
          if (variable.name !== 'CHECKPOINT_DISABLE') expect(declaredVariables(app), `${app} reads ${variable.name}`).toContain(variable.name);
          const reference = variable.valueFrom?.secretKeyRef;
          if (reference === undefined) continue;
          expect(reference.key).toBe(variable.name);
          expect(reference.name).toBe(existingSecret ?? secret?.metadata.name);
          const keys = Object.keys((secret?.['stringData'] as Record<string, string> | undefined) ?? {});
          if (secret && !reference.optional) expect(keys).toContain(reference.key);
        }
        for (const source of container.envFrom ?? []) expect(configMaps.map((configMap) => configMap.metadata.name)).toContain(source.configMapRef?.name);
      }
    }
  });

  it('puts in the shared ConfigMap only variables both the console and the worker read', () => {
    const both = [...declaredVariables('console')].filter((name) => declaredVariables('worker').has(name));
    for (const configMap of configMaps) for (const key of Object.keys(configMap['data'] as Record<string, string>)) expect(both).toContain(key);
  });

  it('gives the worker an environment its own parser accepts', () => {
    const worker = deployments.find((deployment) => componentOf(deployment) === 'worker')!;
    const container = containersOf(worker)[0]!;
    const secretValues = (secret?.['stringData'] as Record<string, string> | undefined) ?? {
      DATABASE_URL: 'postgresql://db/agentloom',
      AGENTLOOM_SECRET_KEY: Buffer.alloc(32).toString('base64'),
    };
    const environment: Record<string, string> = { ...(configMaps[0]!['data'] as Record<string, string>) };
    for (const variable of container.env ?? []) {
      const value = variable.value ?? secretValues[variable.valueFrom!.secretKeyRef!.key];
      if (value !== undefined) environment[variable.name] = value;
    }
    expect(readEnvironment(environment)).not.toHaveProperty('errors');
  });

  it('scales the worker Deployment on metric names the platform exports today', () => {
    const metrics = exportedMetricNames();
    const worker = deployments.find((deployment) => componentOf(deployment) === 'worker')!;
    for (const scaler of [...objectsOfKind(rendered, 'ScaledObject'), ...objectsOfKind(rendered, 'HorizontalPodAutoscaler')]) {
      const spec = scaler['spec'] as {
        scaleTargetRef: { kind: string; name: string };
        triggers?: { metadata: { query: string } }[];
        metrics?: { external: { metric: { name: string } } }[];
      };
      expect(spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: worker.metadata.name });
      const names = [
        ...(spec.triggers ?? []).map((trigger) => /^max\((agentloom_[a-z_]+)/.exec(trigger.metadata.query)?.[1]),
        ...(spec.metrics ?? []).map((metric) => metric.external.metric.name),
      ];
      expect(names).toEqual(['agentloom_queue_depth', 'agentloom_oldest_queued_age_seconds']);
      for (const name of names) expect(metrics).toContain(name);
    }
  });

  it('migrates with the root npm script, from an image that has the Prisma CLI, after the Secret it reads exists', () => {
    for (const job of objectsOfKind(rendered, 'Job')) {
      const [container] = containersOf(job);
      expect(container!.command).toEqual(['npm', 'run', 'db:migrate:deploy']);
      expect(rootScripts()).toHaveProperty('db:migrate:deploy');
      const console = containersOf(deployments.find((deployment) => componentOf(deployment) === 'console')!)[0]!;
      expect(container!.image).toBe(console.image);
      const annotations = job.metadata.annotations ?? {};
      expect(annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      // Ordinary resources are created after pre-install hooks: what the Job uses must be a hook too.
      expect(podTemplateOf(job).spec.serviceAccountName).toBeUndefined();
      if (secret) {
        expect(secret.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
        expect(Number(secret.metadata.annotations?.['helm.sh/hook-weight'])).toBeLessThan(Number(annotations['helm.sh/hook-weight']));
      }
    }
  });

  it('gives workers longer to drain than a cancelled tool call may take to stop', () => {
    const worker = deployments.find((deployment) => componentOf(deployment) === 'worker')!;
    const grace = Number((configMaps[0]!['data'] as Record<string, string>)['AGENTLOOM_TOOL_ABORT_GRACE_MS']) / 1000;
    expect(podTemplateOf(worker).spec.terminationGracePeriodSeconds).toBeGreaterThan(grace);
    // The drain time runs out, and its runs' calls get their abort grace, before the pod is killed (ADR 0108).
    const environment = Object.fromEntries(containersOf(worker)[0]!.env!.map((variable) => [variable.name, variable.value]));
    expect(podTemplateOf(worker).spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(environment['AGENTLOOM_DRAIN_TIMEOUT_MS']) / 1000 + grace);
  });
});
