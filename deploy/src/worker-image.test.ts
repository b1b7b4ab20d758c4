import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

const repositoryFile = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('docker/worker.Dockerfile', () => {
  const dockerfile = repositoryFile('docker/worker.Dockerfile');
  const beforeInstall = dockerfile.slice(0, dockerfile.indexOf('RUN npm ci'));
  const rootPackage = JSON.parse(repositoryFile('package.json')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
  const postinstall = repositoryFile('tools/postinstall.mjs');

  it('skips the console build the root postinstall would run, which needs devDependencies the install leaves out', () => {
    // `npm ci` with NODE_ENV=production omits devDependencies but still runs the root postinstall;
    // its `build:console` calls turbo, a devDependency: the install would fail with "turbo: not found".
    expect(beforeInstall).toMatch(/^ENV .*\bNODE_ENV=production\b/m);
    expect(rootPackage.scripts['postinstall']).toBe('node tools/postinstall.mjs');
    expect(postinstall).toContain("'build:console'");
    expect(rootPackage.scripts['build:console']).toMatch(/\bturbo\b/);
    expect(rootPackage.devDependencies).toHaveProperty('turbo');
    // The variable the postinstall honours, set before the install runs.
    const skipVariable = /process\.env\.([A-Z_]+) === '1'\) process\.exit\(0\)/.exec(postinstall)?.[1];
    expect(skipVariable).toBe('AGENTLOOM_SKIP_BUILD');
    expect(beforeInstall).toMatch(new RegExp(`^ENV .*\\b${skipVariable}=1\\b`, 'm'));
  });
});
