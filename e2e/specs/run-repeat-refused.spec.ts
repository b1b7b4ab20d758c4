import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { RestClient } from '../support/rest-client';
import { expectRunStatus } from '../support/runs';
import { signIn } from '../support/sign-in';

/**
 * The run page offers Retry and Re-run only when the server will do them: a run whose thread was
 * archived (for good) or whose agent was archived shows why instead of a button that fails.
 */

/** Starts a run over the API, cancels it and waits for the run page to show it cancelled. */
async function cancelledRun(page: Page, api: RestClient, agentId: string, threadId?: string): Promise<string> {
  const run = await api.startRun(agentId, 'Tell on-call the deploy is starting.', threadId);
  await api.call('POST', `/api/v1/runs/${run.id}/cancel`, {});
  await page.goto(`/runs/${run.id}`);
  await expectRunStatus(page, 'cancelled');
  return run.id;
}

test('a cancelled run of an archived thread offers a re-run, not a retry the server refuses', async ({ page }, testInfo) => {
  const api = await RestClient.forTest(testInfo);
  await signIn(page);
  const agentId = await api.agentId('demo-operator');
  const thread = await api.call<{ id: string }>('POST', '/api/v1/threads', { agentId, title: 'Archived after a cancel' });
  await cancelledRun(page, api, agentId, thread.id);
  const actions = page.getByRole('region', { name: 'Run actions' });
  await expect(actions.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();

  await api.call('PATCH', `/api/v1/threads/${thread.id}`, { archived: true });
  await page.reload();
  await expect(actions.getByText(`Retry not offered: Thread ${thread.id} is archived`)).toBeVisible();
  await expect(actions.getByText(/unarchive/i)).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Re-run with the same input' })).toBeEnabled();
  await attachScreenshot(page, testInfo, 'retry-refused-archived-thread');
});

test('a cancelled run of an archived agent offers neither retry nor re-run, and says why', async ({ page }, testInfo) => {
  const api = await RestClient.forTest(testInfo);
  await signIn(page);
  // An agent of this test's own: archiving the seeded one would refuse other journeys' runs.
  const demo = await api.call<{ latest: { config: Record<string, unknown> } }>('GET', `/api/v1/agents/${await api.agentId('demo-operator')}`);
  const agent = await api.call<{ id: string }>('POST', '/api/v1/agents', {
    slug: `archived-${randomUUID().slice(0, 8)}`,
    name: 'Archived operator',
    config: demo.latest.config,
  });
  await cancelledRun(page, api, agent.id);

  await api.call('POST', `/api/v1/agents/${agent.id}/archive`, {});
  await page.reload();
  const actions = page.getByRole('region', { name: 'Run actions' });
  await expect(actions.getByText(`Retry, re-run and fork not offered: Agent ${agent.id} is archived; unarchive it to run it again.`)).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Re-run with the same input' })).toHaveCount(0);
  await attachScreenshot(page, testInfo, 'repeat-refused-archived-agent');
});
