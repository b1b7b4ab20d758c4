import { expect, test } from '@playwright/test';
import { readSeededAdminKey } from '../support/admin-key';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';
import { callMutation } from '../support/trpc';

const runUrl = /\/runs\/([0-9a-f-]{36})$/;

function runIdOf(url: string): string {
  const runId = runUrl.exec(url)?.[1];
  if (!runId) throw new Error(`No run id in ${url}`);
  return runId;
}

test('an agent that cannot run is refused at save; a new agent from the form runs', async ({ page }, testInfo) => {
  await signIn(page);
  await expect(callMutation(page, 'agents.create', { slug: 'cannot-run', name: 'Cannot run', config: { instructions: 'Help.' } })).rejects.toThrow(
    /config\.model: this agent has no model and no demo script/,
  );

  await page.goto('/agents/new');
  await page.getByLabel('Name', { exact: true }).fill('Guarded helper');
  await expect(page.getByLabel('Runs on')).toHaveValue('');
  await expect(page.getByLabel('Demo reply')).not.toHaveValue('');
  await attachScreenshot(page, testInfo, 'new-agent-runs-on');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page).toHaveURL(/\/agents\/[0-9a-f-]{36}/);

  await startRunFromForm(page, 'Guarded helper (guarded-helper)', 'Say hello.');
  await expectRunStatus(page, 'succeeded');
});

test('retry a cancelled run, re-run it on another version, and compare the two', async ({ page, request }, testInfo) => {
  await signIn(page);
  const origin = await startRunFromForm(page, 'Demo operator (demo-operator)', 'Tell on-call the deploy is starting.');
  await expectRunStatus(page, 'waiting_human');
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page.getByRole('dialog', { name: 'Cancel this run?' }).getByRole('button', { name: 'Cancel run' }).click();
  await expectRunStatus(page, 'cancelled');

  // Retry: a new run, linked both ways; the cancelled run stays cancelled.
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(origin));
  await expect(page).toHaveURL(runUrl);
  const retry = runIdOf(page.url());
  const actions = page.getByRole('region', { name: 'Run actions' });
  await expect(actions.getByRole('link', { name: origin.slice(0, 8) })).toBeVisible();
  await expectRunStatus(page, 'waiting_human');
  await attachScreenshot(page, testInfo, 'retry-run');
  const originView = (await (await request.get(`/api/v1/runs/${origin}`, { headers: { authorization: `Bearer ${await readSeededAdminKey()}` } })).json()) as {
    status: string;
    retriedByRunId: string;
  };
  expect(originView).toMatchObject({ status: 'cancelled', retriedByRunId: retry });

  // A second version of the agent, then a re-run of the retry's input on it.
  const authorization = { authorization: `Bearer ${await readSeededAdminKey()}` };
  const { agents } = (await (await request.get('/api/v1/agents', { headers: authorization })).json()) as { agents: { id: string; slug: string }[] };
  const agentId = agents.find((agent) => agent.slug === 'demo-operator')!.id;
  const agent = (await (await request.get(`/api/v1/agents/${agentId}`, { headers: authorization })).json()) as { latest: { version: number; config: Record<string, unknown> } };
  const saved = await callMutation<{ version: { version: number } }>(page, 'agents.saveVersion', {
    agentId,
    config: { ...agent.latest.config, instructions: 'You are a terse operator. Notify on-call, then stop.' },
  });
  const newVersion = saved.version.version;
  await page.reload();
  await actions.getByLabel('Version').selectOption({ label: `v${newVersion}` });
  await actions.getByRole('button', { name: 'Re-run with the same input' }).click();
  await expect(page).not.toHaveURL(new RegExp(retry));
  await expect(page).toHaveURL(runUrl);
  const rerun = runIdOf(page.url());
  await expect(actions.getByText('Re-run of')).toBeVisible();
  await attachScreenshot(page, testInfo, 'rerun-other-version');

  // Compare the re-run (left) with the run it re-ran (right).
  await actions.getByRole('link', { name: 'Compare with…' }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/compare\\?left=${rerun}&right=${retry}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Compare runs' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Left run' })).toContainText(`v${newVersion}`);
  await expect(page.getByRole('region', { name: 'Right run' })).toContainText(`v${agent.latest.version}`);
  await expect(page.getByRole('region', { name: 'Difference' })).toContainText('Same input.');
  await expect(page.getByRole('region', { name: 'Tool calls' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Steps' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'compare-runs');

  for (const runId of [retry, rerun]) await request.post(`/api/v1/runs/${runId}/cancel`, { headers: authorization });
});
