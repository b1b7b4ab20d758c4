import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { parse, stringify } from 'yaml';

import { mergeValues, renderChart } from '../render-chart';
import { validateObjects } from '../validate-objects';

/**
 * `helm template` for machines without helm: renders deploy/helm/agentloom with values files
 * (`-f file.yaml`, repeatable) and `--set path.to.key=value` overrides, validates every object
 * against the Kubernetes (and KEDA) schemas and prints the manifests.
 *   npm run render -w @agentloom/deploy -- -f my-values.yaml --set autoscaling.enabled=true
 */
function main(arguments_: string[]): void {
  // `npm run -w` runs in deploy/; values files are named relative to where the user typed the command.
  const invocationDirectory = process.env['INIT_CWD'] ?? process.cwd();
  let values: Record<string, unknown> = {};
  let releaseName = 'agentloom';
  let namespace = 'default';
  for (let index = 0; index < arguments_.length; index += 1) {
    const flag = arguments_[index];
    const value = arguments_[index + 1] ?? '';
    index += 1;
    if (flag === '-f' || flag === '--values')
      values = mergeValues(values, parse(readFileSync(resolve(invocationDirectory, value), 'utf8')) as Record<string, unknown>);
    else if (flag === '--set') values = mergeValues(values, setting(value));
    else if (flag === '--name') releaseName = value;
    else if (flag === '--namespace' || flag === '-n') namespace = value;
    else throw new Error(`unknown option ${flag} (use -f, --set, --name, --namespace)`);
  }
  const rendered = renderChart({ values, releaseName, namespace });
  validateObjects(rendered);
  for (const { source, object } of rendered) process.stdout.write(`---\n# Source: agentloom/${source}\n${stringify(object, { lineWidth: 0 })}`);
}

/** `a.b.c=value` as a nested object; `true`/`false`/numbers become typed values, as with helm --set. */
function setting(expression: string): Record<string, unknown> {
  const separator = expression.indexOf('=');
  if (separator <= 0) throw new Error(`--set needs path=value, got "${expression}"`);
  const path = expression.slice(0, separator).split('.');
  const text = expression.slice(separator + 1);
  let value: unknown = text === 'true' ? true : text === 'false' ? false : text === 'null' ? null : /^-?\d+$/.test(text) ? Number(text) : text;
  for (const key of path.reverse()) value = { [key]: value };
  return value as Record<string, unknown>;
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(`[agentloom] render failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
