import { expect, test } from '@playwright/test';
import { createApiKeyFromSettings } from '../support/api-keys';
import { readSeededAdminKey } from '../support/admin-key';
import { attachScreenshot } from '../support/attach-screenshot';
import { signIn } from '../support/sign-in';

test('settings: a new key is shown once and can be revoked, the audit log shows both, usage shows runs per agent', async ({ page, request }, testInfo) => {
  // Eight page loads and a run: at load average 25 a click waited out the default 60 s.
  test.slow();
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await attachScreenshot(page, testInfo, 'settings');

  const key = await createApiKeyFromSettings(page, 'CI pipeline', 'operator');
  expect(key).toMatch(/\S{20,}/);
  await expect(page.getByRole('alert', { name: 'New API key' })).toContainText('shown only this once');
  await attachScreenshot(page, testInfo, 'api-key-created');
  // The key works for the API straight away.
  expect((await request.get('/api/v1/runs', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);

  // Reloading loses the secret for good: the list shows only the prefix.
  await page.reload();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  const row = page.getByRole('listitem', { name: 'API key CI pipeline' });
  await expect(row).toContainText('operator');
  await expect(row).not.toContainText(key);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke “CI pipeline”?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await attachScreenshot(page, testInfo, 'api-key-revoked');
  expect((await request.get('/api/v1/runs', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);

  await page.goto('/settings/audit');
  const entries = page.getByRole('region', { name: 'Audit entries' });
  // Other journeys on the same server revoke keys too (the in-app confirm journey): at least this one is listed.
  await expect(entries.getByText('api-key.revoke').first()).toBeVisible();
  await expect(entries.getByText('api-key.create').first()).toBeVisible();
  await page.getByLabel('Action').selectOption('api-key.revoke');
  await expect(page).toHaveURL(/action=api-key.revoke/);
  // Only revocations are listed now; the newest (first) is this journey's, made just above.
  await expect(entries.locator('li').first()).toBeVisible();
  await expect(entries.locator('li').filter({ hasNotText: 'api-key.revoke' })).toHaveCount(0);
  await entries.getByRole('button', { name: /api-key.revoke/ }).first().click();
  await expect(entries.getByText('"CI pipeline"')).toBeVisible();
  await attachScreenshot(page, testInfo, 'audit-log');

  // A run through the API, so usage has something to count whatever ran before this spec.
  const adminHeaders = { authorization: `Bearer ${await readSeededAdminKey()}` };
  const agents = (await (await request.get('/api/v1/agents', { headers: adminHeaders })).json()) as { agents: { id: string; slug: string }[] };
  const researcher = agents.agents.find((agent) => agent.slug === 'demo-researcher')!;
  expect(
    (await request.post('/api/v1/runs', { headers: adminHeaders, data: { agentId: researcher.id, input: 'Count me in the usage table.' } })).status(),
  ).toBe(201);

  await page.goto('/settings/usage?days=7&metric=runs');
  await expect(page.getByRole('img', { name: /Daily runs/ })).toBeVisible();
  const usage = page.getByRole('region', { name: 'Usage per agent' });
  await expect(usage.getByRole('link', { name: 'Demo researcher' })).toBeVisible();
  await expect(usage.getByRole('listitem').filter({ hasText: 'All agents' })).toBeVisible();
  await page.getByRole('radio', { name: 'Cost' }).click();
  await expect(page).toHaveURL(/metric=cost/);
  await attachScreenshot(page, testInfo, 'usage');
});
