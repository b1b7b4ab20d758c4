import { expect, type Page } from '@playwright/test';
import { longRunId } from './long-run';
import { expectRunStatus, startRunFromForm } from './runs';
import { createThreadFromList, sendOnThread } from './threads';
import { callMutation } from './trpc';

/** One console page to visit, named for the report table. */
export interface ConsolePage {
  name: string;
  path: string;
}

/** The ids the page list needs; made once per worker because runs take seconds to finish. */
interface ConsoleFixtures {
  researcherRunId: string;
  longRunId: string;
  agentId: string;
  threadId: string;
}

let fixtures: Promise<ConsoleFixtures> | undefined;

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

  const threadId = await createThreadFromList(page, `Pages agent (${slug})`, 'Pages thread');
  await sendOnThread(page, 'Hello there.', 1);
  return { researcherRunId, longRunId: await longRunId(), agentId, threadId };
}

/** Every page of the console, signed in; `page` must be signed in already. */
export async function consolePages(page: Page): Promise<ConsolePage[]> {
  fixtures ??= makeFixtures(page);
  const { researcherRunId, longRunId, agentId, threadId } = await fixtures;
  const run = `/runs/${researcherRunId}`;
  return [
    { name: 'runs list', path: '/runs' },
    { name: 'new run', path: '/runs/new' },
    { name: 'run: timeline', path: `${run}?tab=timeline` },
    { name: 'run: step panel', path: `${run}?tab=timeline&step=0` },
    { name: 'run: tool calls', path: `${run}?tab=tool-calls` },
    { name: 'run: messages', path: `${run}?tab=messages` },
    { name: 'run: checkpoints', path: `${run}?tab=checkpoints` },
    { name: 'run: events', path: `${run}?tab=events` },
    { name: 'run: 10k-step timeline', path: `/runs/${longRunId}` },
    { name: 'run compare', path: `/runs/compare?left=${researcherRunId}&right=${longRunId}` },
    { name: 'agents list', path: '/agents' },
    { name: 'new agent', path: '/agents/new' },
    { name: 'agent: configuration', path: `/agents/${agentId}` },
    { name: 'agent: version diff', path: `/agents/${agentId}?tab=versions&from=1&to=2` },
    { name: 'approvals inbox', path: '/approvals' },
    { name: 'threads', path: '/threads' },
    { name: 'thread', path: `/threads/${threadId}` },
    { name: 'memory inspector', path: '/memory' },
    { name: 'settings', path: '/settings' },
    { name: 'settings: API keys', path: '/settings/api-keys' },
    { name: 'settings: audit', path: '/settings/audit' },
    { name: 'settings: usage', path: '/settings/usage' },
    { name: 'settings: webhooks', path: '/settings/webhooks' },
    { name: 'settings: health', path: '/settings/health' },
    { name: 'API docs', path: '/docs/api' },
  ];
}

/** Opens a console page and waits until it has rendered its content, not a loading skeleton. */
export async function openConsolePage(page: Page, consolePage: ConsolePage): Promise<void> {
  await page.goto(consolePage.path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Client components show role=status skeletons labelled "Loading …" until their query answers.
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0, { timeout: 30_000 });
}
