/**
 * `npx tsx bench/console/run.ts [--sizes 150,1000,10000] [--repeat 3]`: the run page in Chromium
 * against the production console on a fresh embedded database — time to first render and the
 * longest frame while scrolling the timeline from the first step to the last, per run length.
 * Targets (issue #6): first render ≤ 1.5 s, no frame > 100 ms at 10,000 steps. At every size of
 * 1,250+ steps it also times the investigation (issue #14): opening a step's panel, a search across
 * the run and "next error" — targets ≤ 300 ms each at 10,000 steps. `--cpu-hogs N` runs N busy
 * processes meanwhile (issue #12: "with a second process loading the CPU"). Last, live updates
 * (issue #14, ~500 ms): commit → row of each step a run commits while its page is open.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { chromium, type Browser } from '@playwright/test';

import { chromiumArguments, chromiumExecutablePath } from '../../e2e/support/chromium';

import { ensureConsoleBuild } from '../../apps/console/test/support/console-build';
import { repositoryRoot, startConsole } from '../../apps/console/test/support/console-process';
import { markdownTable } from '../memory-eval/markdown-table';
import { measureInvestigation, type InvestigationMeasurement } from './measure-investigation';
import { measureLive } from './measure-live';
import { measureRunPage, type RunPageMeasurement } from './measure-run-page';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '150,1000,10000' }, repeat: { type: 'string', default: '3' }, 'cpu-hogs': { type: 'string', default: '0' } },
});
const sizes = values.sizes.split(',').map(Number);
const repeat = Number(values.repeat);
/**
 * A busy loop that ends itself once its parent is gone (it is re-parented), so even a bench killed with
 * SIGKILL leaves no hog behind. `process.ppid` is read every 2^20 iterations (a few milliseconds).
 */
const cpuHogSource = 'const parent = process.ppid; for (let index = 1; ; index += 1) if ((index & 0xfffff) === 0 && process.ppid !== parent) process.exit(0);';
/** The seeded runs fail at tool step 1,249 first (seed-long-run.ts); smaller runs have no error to walk to. */
const firstSeededError = 1_249;

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
const hogs: ChildProcess[] = [];
let browser: Browser | undefined;
// Everything after the console started is undone in `finally`, a failed browser launch included (one
// left a busy loop and a console running for an hour, under a CI run).
try {
  // The page needs a session: sign in with the seeded admin key as the sign-in form does.
  const session = await signIn(server.baseUrl, adminKey);
  // Busy loops in other processes, so the page competes for the CPU as on a loaded host.
  for (let index = 0; index < Number(values['cpu-hogs']); index += 1) hogs.push(spawn(process.execPath, ['-e', cpuHogSource], { stdio: 'ignore' }));
  const loadAtStart = loadavg()[0]!;
  browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    args: chromiumArguments,
  });
  // One untimed visit, so the first measured page does not pay for the server's cold start.
  await measureRunPage(browser, server.baseUrl, session, runIds[String(sizes[0])]!, sizes[0]!);
  const rows: string[][] = [];
  const investigationRows: string[][] = [];
  for (const steps of sizes) {
    const samples: RunPageMeasurement[] = [];
    for (let attempt = 0; attempt < repeat; attempt += 1) samples.push(await measureRunPage(browser, server.baseUrl, session, runIds[String(steps)]!, steps));
    const median = (pick: (sample: RunPageMeasurement) => number) => {
      const sorted = samples.map(pick).sort((left, right) => left - right);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const worstFrame = Math.max(...samples.map((sample) => sample.longestFrameMs));
    rows.push([
      String(steps),
      median((sample) => sample.firstRenderMs).toFixed(0),
      `${median((sample) => sample.documentFirstByteMs).toFixed(0)} / ${median((sample) => sample.documentLastByteMs).toFixed(0)}`,
      (median((sample) => sample.documentBytes) / 1024).toFixed(0),
      median((sample) => sample.allStepsMs).toFixed(0),
      median((sample) => sample.longestFrameMs).toFixed(1),
      worstFrame.toFixed(1),
      median((sample) => sample.longFrames).toFixed(0),
      median((sample) => sample.framesMeasured).toFixed(0),
    ]);
    if (steps <= firstSeededError) continue;
    const investigations: InvestigationMeasurement[] = [];
    for (let attempt = 0; attempt < repeat; attempt += 1) {
      investigations.push(
        await measureInvestigation(browser, server.baseUrl, session, { runId: runIds[String(steps)]!, steps, query: 'store unavailable', firstError: firstSeededError }),
      );
    }
    const medianOf = (pick: (sample: InvestigationMeasurement) => number) => investigations.map(pick).sort((left, right) => left - right)[Math.floor(investigations.length / 2)]!;
    const worstOf = (pick: (sample: InvestigationMeasurement) => number) => Math.max(...investigations.map(pick));
    investigationRows.push([
      String(steps),
      `${medianOf((sample) => sample.stepPanelMs).toFixed(0)} / ${worstOf((sample) => sample.stepPanelMs).toFixed(0)}`,
      `${medianOf((sample) => sample.searchMs).toFixed(0)} / ${worstOf((sample) => sample.searchMs).toFixed(0)}`,
      `${medianOf((sample) => sample.nextErrorMs).toFixed(0)} / ${worstOf((sample) => sample.nextErrorMs).toFixed(0)}`,
    ]);
  }
  console.log(
    markdownTable(
      [
        'steps',
        'first render ms (median)',
        'document first / last byte ms (median)',
        'document KiB',
        'all steps loaded ms',
        'longest frame ms (median)',
        'longest frame ms (worst)',
        'frames > 50 ms',
        'frames scrolled',
      ],
      rows,
    ),
  );
  if (investigationRows.length > 0) {
    console.log('');
    console.log(markdownTable(['steps', 'step panel ms (median / worst)', 'search ms (median / worst)', 'next error ms (median / worst)'], investigationRows));
  }
  const liveSamples: number[] = [];
  const liveHops: string[][] = [];
  for (let attempt = 0; attempt < repeat; attempt += 1) {
    const live = await measureLive(browser, server.baseUrl, session, adminKey);
    liveSamples.push(...live.stepMs);
    live.hops.forEach((hop, index) => liveHops.push([String(attempt + 1), String(hop.step), live.stepMs[index]!.toFixed(0), hop.toBrowserMs?.toFixed(0) ?? '—', hop.toRowMs?.toFixed(0) ?? '—']));
  }
  const sortedLive = [...liveSamples].sort((left, right) => left - right);
  console.log('');
  console.log(
    markdownTable(
      ['live: step commit → row shown', 'ms (median)', 'ms (worst)', 'steps measured'],
      [['run page, timeline', sortedLive[Math.floor(sortedLive.length / 2)]!.toFixed(0), sortedLive[sortedLive.length - 1]!.toFixed(0), String(sortedLive.length)]],
    ),
  );
  // Every sample, split by hop: where a slow one spent its time.
  console.log('');
  console.log(markdownTable(['live run', 'step', 'commit → row ms', 'commit → page has the event ms', 'event → row drawn ms'], liveHops));
  console.log(`\nload average (1 min): ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end; cpu hogs: ${hogs.length}`);
} finally {
  for (const hog of hogs) hog.kill();
  await browser?.close();
  await server.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
}

/** The `agentloom_session` cookie's value for this key, from `POST /api/session`. */
async function signIn(baseUrl: string, apiKey: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ apiKey }) });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('agentloom_session='));
  if (response.status !== 200 || !cookie) throw new Error(`Sign-in failed with ${response.status}`);
  return cookie.split(';')[0]!.slice('agentloom_session='.length);
}
