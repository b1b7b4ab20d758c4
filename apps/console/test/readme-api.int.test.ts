import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureConsoleBuild } from './support/console-build';
import { repositoryRoot, startConsole, type ConsoleProcess } from './support/console-process';
import { readmeCodeBlocks } from './support/readme-section';
import { seedDataDirectory, type SeededDataDirectory } from './support/seed-data-directory';

/**
 * The README's "API" section runs as written: every `sh` block (curl and the CLI) in one bash
 * session against a live console, with `AGENTLOOM_URL`/`AGENTLOOM_API_KEY` pointing at it, every
 * curl call required to answer 2xx; the `ts` block (the SDK) as a Node script.
 */
let dataDirectory: string;
let seeded: SeededDataDirectory;
let server: ConsoleProcess;
const binFolder = path.join(repositoryRoot, 'node_modules/.bin');
const blocks = readmeCodeBlocks('API');

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-readme-'));
  seeded = await seedDataDirectory(dataDirectory);
  server = await startConsole({ dataDirectory });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

function environment(): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${binFolder}${path.delimiter}${process.env.PATH ?? ''}`, AGENTLOOM_URL: server.baseUrl, AGENTLOOM_API_KEY: seeded.adminKey };
}

/** The console's last lines: a 5xx is masked in the answer, and the reason is only in its log. */
function consoleTail(): string {
  return server.output().split('\n').slice(-60).join('\n');
}

describe('README "API" section', () => {
  it('has curl, SDK and CLI examples and a setup block naming the two variables', () => {
    const shell = blocks.filter((block) => block.language === 'sh');
    expect(shell[0]?.code).toMatch(/export AGENTLOOM_URL=.*\nexport AGENTLOOM_API_KEY=/);
    expect(shell.some((block) => block.code.includes('curl '))).toBe(true);
    expect(shell.some((block) => block.code.includes('npx agentloom '))).toBe(true);
    expect(blocks.filter((block) => block.language === 'ts')).toHaveLength(1);
  });

  it('runs every shell example against a live console, each curl answering 2xx', () => {
    // The setup block's values are this console's; everything after it runs verbatim.
    const [, ...examples] = blocks.filter((block) => block.language === 'sh');
    const script = [
      'set -euo pipefail',
      // Fails the script on any status >= 400 and reports each status on stderr for the assertion below.
      `curl() { command curl --fail-with-body --write-out '%{stderr}HTTP %{http_code} %{method} %{url_effective}\\n' "$@"; }`,
      ...examples.map((block) => block.code),
    ].join('\n');
    const result = spawnSync('bash', ['-c', script], { cwd: repositoryRoot, env: environment(), encoding: 'utf8', timeout: 180_000 });
    const statuses = [...result.stderr.matchAll(/^HTTP (\d{3}) (\S+) (\S+)$/gm)].map((match) => ({
      status: Number(match[1]),
      request: `${match[2]} ${match[3]}`,
    }));
    expect(result.status, `${result.stdout.slice(-2_000)}\n${result.stderr.slice(-2_000)}\n--- console output ---\n${consoleTail()}`).toBe(0);
    const written = examples.map((block) => block.code.match(/(^|[\s($])curl /gm)?.length ?? 0).reduce((sum, count) => sum + count, 0);
    expect(statuses.length).toBeGreaterThanOrEqual(written);
    expect(statuses.filter((entry) => entry.status < 200 || entry.status >= 300)).toEqual([]);
    expect(result.stdout).toContain('"type":"run-finished"');
    expect(result.stdout).toContain('"counts"');
  });

  it('runs the SDK example as a Node script', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'agentloom-readme-sdk-'));
    try {
      // Resolves `@agentloom/sdk` through the repository's node_modules, as a script in the repository would.
      symlinkSync(path.join(repositoryRoot, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
      const [example] = blocks.filter((block) => block.language === 'ts');
      writeFileSync(path.join(folder, 'example.mts'), example!.code);
      const result = spawnSync('node', ['example.mts'], { cwd: folder, env: environment(), encoding: 'utf8', timeout: 120_000 });
      expect(result.status, `${result.stderr}\n--- console output ---\n${consoleTail()}`).toBe(0);
      expect(result.stdout).toContain('approval-requested');
      expect(result.stdout).toMatch(/^succeeded$/m);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
