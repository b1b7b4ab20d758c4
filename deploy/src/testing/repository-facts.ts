import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the chart must agree with, read from the repository itself: the variables each app's env.ts
 * declares, the console's routes, the metric names the platform registers, the root npm scripts.
 */
export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Names declared in the `environmentSchema = z.object({ … })` of an app's env.ts. */
export function declaredVariables(app: 'console' | 'worker'): Set<string> {
  const source = readFileSync(join(repositoryRoot, 'apps', app, 'src', 'env.ts'), 'utf8');
  const start = source.indexOf('const environmentSchema = z.object({');
  const end = source.indexOf('\n});', start);
  if (start === -1 || end === -1) throw new Error(`apps/${app}/src/env.ts: environmentSchema not found`);
  return new Set([...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!));
}

/** Whether the console answers GET on this path (an app-router `route.ts` at that path). */
export function consoleRouteExists(path: string): boolean {
  return existsSync(join(repositoryRoot, 'apps', 'console', 'src', 'app', ...path.split('/').filter(Boolean), 'route.ts'));
}

/**
 * Metric names registered under packages/platform/src/metrics (what /api/metrics exports today):
 * every quoted `agentloom_…` identifier there, whether passed as `name:` or to a registering helper.
 * (The alert-rules integration test checks names against a real /metrics scrape.)
 */
export function exportedMetricNames(): Set<string> {
  const directory = join(repositoryRoot, 'packages', 'platform', 'src', 'metrics');
  const names = new Set<string>();
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    for (const match of readFileSync(join(directory, file), 'utf8').matchAll(/'(agentloom_[a-z_]+)'/g)) names.add(match[1]!);
  }
  return names;
}

export function rootScripts(): Record<string, string> {
  return (JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
}
