import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { signIn } from '../support/sign-in';
import { createThreadFromList, sendOnThread } from '../support/threads';

test('memory: store a fact, find it with a score, pin it, forget it, erase a thread with a receipt', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto('/memory');
  await attachScreenshot(page, testInfo, 'memory-inspector');

  // Store a fact through the form (the same path as the memory_store tool).
  await page.getByRole('button', { name: 'New memory' }).click();
  const form = page.getByRole('form', { name: 'New memory' });
  await form.getByLabel('Kind').selectOption('fact');
  await form.getByLabel(/^Key/).fill('ops.deploy_window');
  await form.getByLabel('Content').fill('The deploy window is Tuesday at 14:00 UTC');
  await form.getByRole('button', { name: 'Store memory' }).click();
  await expect(page).toHaveURL(/item=[0-9a-f-]{36}/);
  const memoryId = new URL(page.url()).searchParams.get('item')!;
  const detail = page.getByRole('region', { name: 'Memory detail' });
  await expect(detail).toContainText('The deploy window is Tuesday at 14:00 UTC');
  await expect(detail).toContainText('ops.deploy_window');
  // Embedded by the default semantic embedder, on its worker thread inside the built console.
  await expect(detail).toContainText('use-lite/v1 · 512 dimensions');
  // Stored by hand, so no post-run extraction decided anything about it.
  await expect(detail.getByText('No extraction decision touched this memory.')).toBeVisible();

  // Hybrid search finds it, with a score; the search is in the URL.
  await page.getByLabel('Search text').fill('when is the deploy window');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=when\+is\+the\+deploy\+window/);
  const results = page.getByRole('region', { name: 'Search results' });
  const hit = results.locator(`[data-memory-id="${memoryId}"]`);
  await expect(hit).toBeVisible();
  await expect(hit.locator('[data-score]')).toHaveText(/^\d+\.\d{4}$/);
  await expect(results).toContainText('hybrid');
  await attachScreenshot(page, testInfo, 'memory-search');

  // Pin it from the detail panel (opened from the hit).
  await hit.click();
  await expect(detail).toHaveAttribute('data-memory-detail', memoryId);
  await detail.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(detail.getByRole('button', { name: 'Unpin', exact: true })).toBeVisible();
  await expect(detail).toContainText('Pinned');
  await attachScreenshot(page, testInfo, 'memory-detail-pinned');

  // Forget it: a confirmation first, then it is gone from search.
  await detail.getByRole('button', { name: 'Forget', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Forget this memory?' });
  await expect(confirm).toBeVisible();
  await attachScreenshot(page, testInfo, 'memory-forget-confirm');
  await confirm.getByRole('button', { name: 'Forget', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Memory forgotten' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Nothing found' })).toBeVisible();
  await expect(page.locator(`[data-memory-id="${memoryId}"]`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Nothing found' })).toBeVisible();

  // Erase a thread with a finished run: the receipt lists the rows removed per table.
  const threadId = await createThreadFromList(page, 'Demo researcher', 'To be erased');
  await sendOnThread(page, 'Why do durable runs survive crashes?', 1);
  await page.goto(`/memory?level=thread&scope=${threadId}`);
  await page.getByRole('button', { name: 'Erase thread' }).click();
  const eraseDialog = page.getByRole('dialog', { name: /^Erase thread/ });
  await eraseDialog.getByRole('button', { name: 'Erase thread', exact: true }).click();
  const receipt = page.getByRole('region', { name: 'Erase receipt' });
  await expect(receipt).toContainText(threadId);
  await expect(receipt.locator('[data-erased-table="threads"]')).toContainText('1');
  await expect(receipt.locator('[data-erased-table="runs"]')).toContainText('1');
  await expect(receipt.locator('[data-erased-table="messages"] td').last()).not.toHaveText('0');
  await attachScreenshot(page, testInfo, 'memory-erase-receipt');

  await page.goto(`/threads/${threadId}`);
  await expect(page.getByRole('alert').filter({ hasText: 'not found' })).toBeVisible();
});
