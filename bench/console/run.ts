/**
 * `npx tsx bench/console/run.ts [--sizes 150,1000,10000] [--repeat 3]`: the run page in Chromium
 * against the production console on a fresh embedded database — time to first render and the
 * longest frame while scrolling the timeline from the first step to the last, per run length.
 * Targets (issue #6): first render ≤ 1.5 s, no frame > 100 ms at 10,000 steps.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from '@playwright/test';

import { chromiumArguments, chromiumExecutablePath } from '../../e2e/support/chromium';

import { ensureConsoleBuild } from '../../apps/console/test/support/console-build';
import { repositoryRoot, startConsole } from '../../apps/console/test/support/console-process';
import { markdownTable } from '../memory-eval/markdown-table';
import { measureRunPage, type RunPageMeasurement } from './measure-run-page';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '150,1000,10000' }, repeat: { type: 'string', default: '3' } } });
const sizes = values.sizes.split(',').map(Number);
const repeat = Number(values.repeat);

ensureConsoleBuild();
const dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-bench-console-'));
const seeding = spawnSync('npx', ['tsx', 'e2e/support/seed-long-runs.ts', '--data-dir', dataDirectory, '--steps', sizes.join(',')], {
  cwd: repositoryRoot,
  stdio: 'inherit',
});
if (seeding.status !== 0) throw new Error('Seeding the long runs failed');
const runIds = JSON.parse(readFileSync(path.join(dataDirectory, 'long-runs.json'), 'utf8')) as Record<string, string>;
const adminKey = readFileSync(path.join(dataDirectory, 'admin-key'), 'utf8').trim();

const server = await startConsole({ dataDirectory });
const browser = await chromium.launch({
  executablePath: chromiumExecutablePath(),
  args: chromiumArguments,
});
try {
  // One untimed visit, so the first measured page does not pay for the server's cold start.
  await measureRunPage(browser, server.baseUrl, adminKey, runIds[String(sizes[0])]!, sizes[0]!);
  const rows: string[][] = [];
  for (const steps of sizes) {
    const samples: RunPageMeasurement[] = [];
    for (let attempt = 0; attempt < repeat; attempt += 1) samples.push(await measureRunPage(browser, server.baseUrl, adminKey, runIds[String(steps)]!, steps));
    const median = (pick: (sample: RunPageMeasurement) => number) => {
      const sorted = samples.map(pick).sort((left, right) => left - right);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const worstFrame = Math.max(...samples.map((sample) => sample.longestFrameMs));
    rows.push([
      String(steps),
      median((sample) => sample.firstRenderMs).toFixed(0),
      median((sample) => sample.allStepsMs).toFixed(0),
      median((sample) => sample.longestFrameMs).toFixed(1),
      worstFrame.toFixed(1),
      median((sample) => sample.longFrames).toFixed(0),
      median((sample) => sample.framesMeasured).toFixed(0),
    ]);
  }
  console.log(
    markdownTable(
      [
        'steps',
        'first render ms (median)',
        'all steps loaded ms',
        'longest frame ms (median)',
        'longest frame ms (worst)',
        'frames > 50 ms',
        'frames scrolled',
      ],
      rows,
    ),
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
}
