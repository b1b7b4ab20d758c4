import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { signIn } from '../support/sign-in';
import { createThreadFromList, sendOnThread } from '../support/threads';

test('a thread with two runs shows both runs\u2019 turns in order, with run boundaries', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto('/threads');
  await attachScreenshot(page, testInfo, 'threads-list-empty');

  const threadId = await createThreadFromList(page, 'Demo researcher', 'Durability questions');
  await expect(page.getByRole('region', { name: 'No runs on this thread yet' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'thread-new');

  // Each run is started from the composer and followed live on the thread page (no reload).
  await sendOnThread(page, 'Why do durable runs survive crashes?', 1);
  await sendOnThread(page, 'And what happens to a run on a second worker?', 2);

  const groups = page.getByRole('region', { name: 'Conversation' }).locator('[data-run-group]');
  const first = groups.nth(0);
  const second = groups.nth(1);
  await expect(first.locator('[data-run-boundary]')).toContainText('Run 1');
  await expect(second.locator('[data-run-boundary]')).toContainText('Run 2');
  await expect(first.locator('[data-message-role="user"]').first()).toContainText('Why do durable runs survive crashes?');
  await expect(second.locator('[data-message-role="user"]').first()).toContainText('what happens to a run on a second worker');
  // The second run's copy of the first run's turns (thread history) is not repeated on the page.
  await expect(second.locator('[data-message-role="user"]', { hasText: 'Why do durable runs survive crashes?' })).toHaveCount(0);
  await expect(first.locator('[data-message-role="assistant"]').last()).toContainText('durable runs survive crashes');
  await expect(second.locator('[data-message-role="assistant"]').last()).toContainText('durable runs survive crashes');
  await attachScreenshot(page, testInfo, 'thread-two-runs');

  // Boundaries link to the runs; the run page lists the run under this thread's agent.
  const secondRunId = await second.getAttribute('data-run-group');
  await second.getByRole('link', { name: `Open run ${secondRunId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${secondRunId}$`));
  await expect(page.locator('header [data-status]').first()).toHaveAttribute('data-status', 'succeeded');

  // The list shows the thread; rename it inline; a reload keeps the conversation.
  await page.goto('/threads');
  const row = page.locator(`[data-thread-id="${threadId}"]`);
  await expect(row).toContainText('Durability questions');
  await row.getByRole('button', { name: 'Rename Durability questions' }).click();
  await row.getByLabel('Thread title').fill('Durability, two runs');
  await row.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(row).toContainText('Durability, two runs');
  await attachScreenshot(page, testInfo, 'threads-list');

  await page.goto(`/threads/${threadId}`);
  await expect(page.getByRole('region', { name: 'Conversation' }).locator('[data-run-group]')).toHaveCount(2);
});
