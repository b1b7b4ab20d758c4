import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { readSeededAdminKey } from '../support/admin-key';
import { signIn } from '../support/sign-in';

test('editing an agent saves version n+1, the diff shows the change, and "run this version" pins the run to it', async ({ page, request }, testInfo) => {
  await signIn(page);
  const adminKey = await readSeededAdminKey();
  const authorization = { authorization: `Bearer ${adminKey}` };

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const row = page.getByRole('link', { name: /Demo researcher/ });
  await expect(row).toContainText('v1');
  await attachScreenshot(page, testInfo, 'agents-list');

  await row.click();
  await expect(page).toHaveURL(/\/agents\/[0-9a-f-]{36}/);
  const agentId = /\/agents\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: 'Demo researcher' })).toBeVisible();
  const instructions = page.getByRole('textbox', { name: 'Instructions', exact: true });
  await expect(instructions).toHaveValue(/careful research assistant/);
  const newPrompt = 'You are a meticulous research assistant. Plan, cite every source, then answer in one paragraph.';
  await instructions.fill(newPrompt);
  await page.getByLabel('Max model calls').fill('12');
  await attachScreenshot(page, testInfo, 'agent-editor-changed');
  await page.getByRole('button', { name: 'Save as version 2' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as version 2.' })).toBeVisible();
  await expect(page.locator('header').getByText('v2', { exact: true })).toBeVisible();
  // The editor now shows version 2; saving it unchanged is not offered.
  await expect(page.getByRole('button', { name: 'Save as version 3' })).toBeDisabled();

  await page.getByRole('button', { name: 'See the diff' }).click();
  await expect(page).toHaveURL(/tab=versions&from=1&to=2/);
  const diff = page.getByRole('region', { name: 'Diff of version 1 and version 2' });
  await expect(diff.getByTestId('diff-summary')).toContainText('instructions');
  await expect(diff.getByTestId('diff-summary')).toContainText('limits.maxModelCalls');
  await expect(diff.locator('[data-diff-kind="changed"]').filter({ hasText: 'meticulous research assistant' })).toHaveCount(1);
  await expect(diff.locator('[data-diff-kind="changed"]').filter({ hasText: 'careful research assistant' })).toHaveCount(1);
  await expect(diff.locator('[data-diff-kind="added"]').filter({ hasText: '"maxModelCalls": 12' })).toHaveCount(1);
  await attachScreenshot(page, testInfo, 'agent-version-diff');

  // A reload opens the same diff (the URL carries it).
  await page.reload();
  await expect(page.getByRole('region', { name: 'Diff of version 1 and version 2' })).toBeVisible();

  const history = page.getByRole('region', { name: 'Version history' });
  await history.locator('li', { hasText: 'Version 2' }).getByRole('link', { name: 'Run this version' }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/new\\?agentId=${agentId}&version=2`));
  await expect(page.getByLabel('Agent', { exact: true })).toHaveValue(agentId);
  await expect(page.getByLabel('Version', { exact: true })).toHaveValue('2');
  await page.getByLabel('Input', { exact: true }).fill('What makes durable runs survive crashes?');
  await attachScreenshot(page, testInfo, 'new-run-pinned-version');
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  const runId = /\/runs\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // The run points at version 2's row, not version 1's.
  const run = (await (await request.get(`/api/v1/runs/${runId}`, { headers: authorization })).json()) as { agentVersionId: string };
  const versions = (await page.evaluate(
    async (id) => (await fetch(`/api/trpc/agents.versions?input=${encodeURIComponent(JSON.stringify({ json: { agentId: id } }))}`)).json() as Promise<unknown>,
    agentId,
  )) as { result: { data: { json: { versions: { id: string; version: number }[] } } } };
  const pinned = versions.result.data.json.versions.find((version) => version.id === run.agentVersionId);
  expect(pinned?.version).toBe(2);
  await attachScreenshot(page, testInfo, 'run-of-version-2');
});
