import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { signIn } from '../support/sign-in';

test('an operator uploads a JSONL batch for the demo agent, sees a bad line named, watches it finish live, opens a run and exports it', async ({ page }, testInfo) => {
  const name = `Questions ${Date.now()}`;
  await signIn(page);
  await page.getByRole('link', { name: 'Batches' }).first().click();
  await expect(page.getByRole('heading', { name: 'Batches', level: 1 })).toBeVisible();

  const form = page.getByRole('region', { name: 'Submit a batch' });
  await form.getByLabel('Agent', { exact: true }).selectOption({ label: 'Demo researcher' });
  await form.getByLabel(/^Concurrency cap/).fill('2');
  await form.getByLabel('Name', { exact: true }).fill(name);

  // A bad line is named (line and field) before anything is sent, and nothing can be submitted.
  const lines = form.getByRole('textbox', { name: /^Items \(JSONL\)/ });
  await lines.fill('"What makes runs durable?"\n{"input": ""}\n');
  await expect(form.getByTestId('batch-lines-status')).toHaveText('Line 2, input: input must not be empty');
  await expect(lines).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('button', { name: 'Submit batch' })).toBeDisabled();

  // A file's lines replace the text; the count is previewed.
  const jsonl = ['"What makes runs durable?"', '{"input": "How are approvals resumed?"}', '', '"Why claim with SKIP LOCKED?"'].join('\n');
  await form.getByLabel(/^Or upload a file/).setInputFiles({ name: 'questions.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(jsonl) });
  await expect(form.getByTestId('batch-lines-status')).toHaveText('3 items ready to submit.');
  await form.getByRole('button', { name: 'Submit 3 items' }).click();

  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // Live: the activity stream refreshes the page as items finish, without a reload.
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByTestId('batch-counts')).toContainText('3 of 3 done · 3 succeeded · 0 failed', { timeout: 120_000 });
  await expect(page.getByRole('heading', { level: 1 }).locator('[data-batch-status]')).toHaveAttribute('data-batch-status', 'completed');
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByRole('row')).toHaveCount(4);
  await expect(items.getByRole('row').nth(2)).toContainText('How are approvals resumed?');
  await attachScreenshot(page, testInfo, 'batch');

  // Export: the download holds one JSON line per item, in item order.
  const downloading = page.waitForEvent('download');
  await progress.getByRole('button', { name: 'Export JSONL' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^batch-[0-9a-f-]{36}\.jsonl$/);
  const exported = (await readFile(await download.path(), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { item: number; status: string; input: string });
  expect(exported.map((line) => [line.item, line.status, line.input])).toEqual([
    [0, 'succeeded', 'What makes runs durable?'],
    [1, 'succeeded', 'How are approvals resumed?'],
    [2, 'succeeded', 'Why claim with SKIP LOCKED?'],
  ]);

  // Each item links to its run.
  await items.getByRole('link', { name: /^Run of item 2: / }).click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}/);
  await expect(page.getByText('How are approvals resumed?').first()).toBeVisible({ timeout: 30_000 });

  // The list shows the batch, its status and its progress bar.
  await page.goto('/batches');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('progressbar', { name: `Progress of ${name}` })).toHaveAttribute('value', '3');
  await expect(row).toContainText('Completed');
});

test('an admin sets and removes the tenant concurrency limit on Settings and an agent limit on its page', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings');
  const tenantPanel = page.getByRole('region', { name: 'Concurrency limit' });
  await expect(tenantPanel.getByTestId('concurrency-limit-summary')).toContainText('No limit');
  // High enough not to hold back the other journeys running beside this one.
  await tenantPanel.getByLabel('Most running at once').fill('500');
  await tenantPanel.getByRole('button', { name: 'Save limit' }).click();
  await expect(tenantPanel.getByTestId('concurrency-limit-summary')).toContainText('At most 500 runs of the tenant run at once');
  await page.reload();
  await expect(tenantPanel.getByLabel('Most running at once')).toHaveValue('500');
  await tenantPanel.getByRole('button', { name: 'Remove limit' }).click();
  await expect(tenantPanel.getByTestId('concurrency-limit-summary')).toContainText('No limit');

  await page.goto('/agents');
  await page.getByRole('link', { name: /Demo researcher/ }).first().click();
  const agentPanel = page.getByRole('region', { name: 'Concurrency limit' });
  await agentPanel.getByLabel('Most running at once').fill('400');
  await agentPanel.getByRole('button', { name: 'Save limit' }).click();
  await expect(agentPanel.getByTestId('concurrency-limit-summary')).toContainText('At most 400 runs of this agent run at once');
  await agentPanel.getByRole('button', { name: 'Remove limit' }).click();
  await expect(agentPanel.getByTestId('concurrency-limit-summary')).toContainText('No limit');
});
