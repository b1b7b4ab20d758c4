import { expect, type Page } from '@playwright/test';
import { runTimeout } from './runs';

/** Creates a thread from the Threads page for the given agent and waits for its page; returns the thread id. */
export async function createThreadFromList(page: Page, agent: string, title: string): Promise<string> {
  await page.goto('/threads');
  await page.getByRole('button', { name: 'New thread' }).first().click();
  const form = page.getByRole('form', { name: 'New thread' });
  await form.getByLabel('Agent').selectOption({ label: agent });
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Create thread' }).click();
  await expect(page).toHaveURL(/\/threads\/[0-9a-f-]{36}$/);
  const threadId = /\/threads\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  if (!threadId) throw new Error(`No thread id in ${page.url()}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return threadId;
}

/**
 * Sends the next message from the thread page's composer and waits until the thread shows
 * `runCount` runs, the newest finished with `status`.
 */
export async function sendOnThread(page: Page, text: string, runCount: number, status = 'succeeded'): Promise<void> {
  const composer = page.getByRole('form', { name: 'Continue the thread' });
  await composer.getByLabel('Next message').fill(text);
  await composer.getByRole('button', { name: 'Start run' }).click();
  const groups = page.getByRole('region', { name: 'Conversation' }).locator('[data-run-group]');
  await expect(groups).toHaveCount(runCount, { timeout: runTimeout });
  await expect(groups.nth(runCount - 1).locator('[data-status]')).toHaveAttribute('data-status', status, { timeout: runTimeout });
}
