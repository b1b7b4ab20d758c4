import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { longRunId } from './long-run';
import { expectRunStatus, startRunFromForm } from './runs';
import { createThreadFromList, sendOnThread } from './threads';
import { callMutation, callQuery } from './trpc';

/** One console page to visit, named for the report table. */
export interface ConsolePage {
  name: string;
  path: string;
  /** What to do once the page has loaded to reach the state worth checking, e.g. open a dialog. */
  open?: (page: Page) => Promise<void>;
}

/** The ids the page list needs; made once per worker because runs take seconds to finish. */
interface ConsoleFixtures {
  researcherRunId: string;
  /** A step of the researcher run whose checkpoint retention kept, so it can be forked. */
  forkableStep: number;
  longRunId: string;
  agentId: string;
  threadId: string;
  /** A dataset of the researcher run, and a completed experiment that replayed it. */
  datasetName: string;
  experimentId: string;
  /** A batch of the pages agent's two items, finished. */
  batchId: string;
}

let fixtures: Promise<ConsoleFixtures> | undefined;

/**
 * Kept in the run's data directory: Playwright starts a new worker after every failed test, and
 * each page is its own test, so the runs and the thread are made once per suite, not per failure.
 */
async function loadOrMakeFixtures(page: Page): Promise<ConsoleFixtures> {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'console-pages.json');
  const saved = await readFile(file, 'utf8').catch(() => null);
  if (saved !== null) return JSON.parse(saved) as ConsoleFixtures;
  const made = await makeFixtures(page);
  await writeFile(file, JSON.stringify(made));
  return made;
}

/**
 * Data behind every page worth checking: a finished researcher run (tool calls, messages,
 * checkpoints), an agent of its own with two versions (so the version diff has something to show
 * without touching the demo agents other journeys count on), and a thread with one run.
 */
async function makeFixtures(page: Page): Promise<ConsoleFixtures> {
  const slug = `pages-${Date.now().toString(36)}`;
  const config = { instructions: 'Answer briefly.', demoScript: { replies: [{ text: 'Done.' }] } };
  const { id: agentId } = await callMutation<{ id: string }>(page, 'agents.create', { slug, name: 'Pages agent', config });
  await callMutation(page, 'agents.saveVersion', { agentId, config: { ...config, instructions: 'Answer briefly and cite sources.' } });

  const researcherRunId = await startRunFromForm(page, 'Demo researcher (demo-researcher)', 'What makes durable runs survive crashes?');
  await expectRunStatus(page, 'succeeded');
  const { checkpoints } = await callQuery<{ checkpoints: { stepIndex: number }[] }>(page, 'checkpoints.list', { runId: researcherRunId, limit: 200 });
  const forkableStep = checkpoints.at(-1)?.stepIndex;
  if (forkableStep === undefined) throw new Error(`The researcher run ${researcherRunId} kept no checkpoint`);

  // The thread form lists agents by name only.
  const threadId = await createThreadFromList(page, 'Pages agent', 'Pages thread');
  await sendOnThread(page, 'Hello there.', 1);
  const { datasetName, experimentId } = await makeEvaluationFixtures(page, researcherRunId, slug);
  const { id: batchId } = await callMutation<{ id: string }>(page, 'batches.create', { agentId, name: 'Pages batch', concurrency: 2, items: ['First question', { input: 'Second question' }] });
  await expect.poll(async () => (await callQuery<{ status: string }>(page, 'batches.get', { batchId })).status, { timeout: 60_000 }).toBe('completed');
  return { researcherRunId, forkableStep, longRunId: await longRunId(), agentId, threadId, datasetName, experimentId, batchId };
}

/** A dataset with the researcher run as its case, replayed once on the run's own version (recorded mode) to completion. */
async function makeEvaluationFixtures(page: Page, researcherRunId: string, slug: string): Promise<{ datasetName: string; experimentId: string }> {
  const datasetName = `${slug}-dataset`;
  await callMutation(page, 'datasets.create', { name: datasetName, description: 'The pages fixture' });
  await callMutation(page, 'datasets.addRuns', { name: datasetName, runIds: [researcherRunId], labels: ['pages'] });
  const run = await callQuery<{ agentId: string; agentVersion: number }>(page, 'runs.get', { runId: researcherRunId });
  const { id: experimentId } = await callMutation<{ id: string }>(page, 'experiments.create', { dataset: datasetName, agentId: run.agentId, agentVersion: run.agentVersion, scorers: [{ type: 'exact' }, { type: 'tool-sequence' }] });
  // Reading an experiment scores its finished replays; wait for the completed page rather than a moving one.
  await expect.poll(async () => (await callQuery<{ status: string }>(page, 'experiments.get', { experimentId })).status, { timeout: 60_000 }).toBe('completed');
  return { datasetName, experimentId };
}

/** Every page of the console behind sign-in, by name; the paths need the fixtures' ids. */
export const consolePageNames = [
  'runs list',
  'new run',
  'run: timeline',
  'run: step panel',
  'run: fork dialog',
  'run: tool calls',
  'run: messages',
  'run: checkpoints',
  'run: events',
  'run: 10k-step timeline',
  'run compare',
  'agents list',
  'new agent',
  'agent: configuration',
  'agent: version diff',
  'agent: feedback',
  'approvals inbox',
  'schedules',
  'datasets',
  'dataset',
  'experiment',
  'batches',
  'batch',
  'threads',
  'thread',
  'memory inspector',
  'settings',
  'settings: API keys',
  'settings: audit',
  'settings: usage',
  'settings: webhooks',
  'settings: health',
  'settings: MCP servers',
  'API docs',
] as const;

export type ConsolePageName = (typeof consolePageNames)[number];

/** Every page of the console, signed in; `page` must be signed in already. */
export async function consolePages(page: Page): Promise<ConsolePage[]> {
  fixtures ??= loadOrMakeFixtures(page);
  const { researcherRunId, forkableStep, longRunId, agentId, threadId, datasetName, experimentId, batchId } = await fixtures;
  const run = `/runs/${researcherRunId}`;
  const paths: Record<ConsolePageName, string | Omit<ConsolePage, 'name'>> = {
    'runs list': '/runs',
    'new run': '/runs/new',
    'run: timeline': `${run}?tab=timeline`,
    'run: step panel': `${run}?tab=timeline&step=1`,
    'run: fork dialog': { path: `${run}?tab=timeline&step=${forkableStep}`, open: openForkDialog(forkableStep) },
    'run: tool calls': `${run}?tab=tool-calls`,
    'run: messages': `${run}?tab=messages`,
    'run: checkpoints': `${run}?tab=checkpoints`,
    'run: events': `${run}?tab=events`,
    'run: 10k-step timeline': `/runs/${longRunId}`,
    'run compare': `/runs/compare?left=${researcherRunId}&right=${longRunId}`,
    'agents list': '/agents',
    'new agent': '/agents/new',
    'agent: configuration': `/agents/${agentId}`,
    'agent: version diff': `/agents/${agentId}?tab=versions&from=1&to=2`,
    'agent: feedback': `/agents/${agentId}?tab=feedback`,
    'approvals inbox': '/approvals',
    schedules: '/schedules',
    datasets: '/datasets',
    dataset: `/datasets/${datasetName}`,
    experiment: `/datasets/${datasetName}/experiments/${experimentId}`,
    batches: '/batches',
    batch: `/batches/${batchId}`,
    threads: '/threads',
    thread: `/threads/${threadId}`,
    'memory inspector': '/memory',
    settings: '/settings',
    'settings: API keys': '/settings/api-keys',
    'settings: audit': '/settings/audit',
    'settings: usage': '/settings/usage',
    'settings: webhooks': '/settings/webhooks',
    'settings: health': '/settings/health',
    'settings: MCP servers': '/settings/mcp-servers',
    'API docs': '/docs/api',
  };
  return consolePageNames.map((name) => {
    const target = paths[name];
    return typeof target === 'string' ? { name, path: target } : { name, ...target };
  });
}

/** Opens the fork dialog from the step panel and waits until it shows the step's transcript. */
function openForkDialog(stepIndex: number): (page: Page) => Promise<void> {
  return async (page) => {
    const panel = page.getByRole('complementary', { name: new RegExp(`^Step ${stepIndex}`) });
    await panel.getByRole('button', { name: 'Fork from here' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: `Fork from step ${stepIndex}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/Message #1/)).not.toHaveValue('', { timeout: 30_000 });
  };
}

/** Opens a console page and waits until it has rendered its content, not a loading skeleton. */
export async function openConsolePage(page: Page, consolePage: ConsolePage): Promise<void> {
  await page.goto(consolePage.path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  // Client components show role=status skeletons labelled "Loading …" until their query answers.
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0, { timeout: 30_000 });
  if (consolePage.open) {
    await consolePage.open(page);
    await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0, { timeout: 30_000 });
  }
}
