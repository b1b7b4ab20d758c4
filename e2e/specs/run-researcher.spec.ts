import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';

test('starts a demo-researcher run from the form and watches it finish live', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto('/runs/new');
  await attachScreenshot(page, testInfo, 'new-run-form');

  const runId = await startRunFromForm(page, 'Demo researcher (demo-researcher)', 'Why do durable runs survive crashes?');
  // The page follows the run over SSE: no reload between queued/running and succeeded.
  await expectRunStatus(page, 'succeeded');
  await expect(page.getByRole('region', { name: 'Output' })).toContainText('durable runs survive crashes');

  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.locator('[data-step-index]')).toHaveCount(4);
  await attachScreenshot(page, testInfo, 'run-timeline');

  await page.getByRole('tab', { name: /Tool calls/ }).click();
  await expect(page).toHaveURL(/tab=tool-calls/);
  await expect(page.getByRole('region', { name: 'Tool calls' }).getByRole('button')).toHaveCount(3);
  await expect(page.getByRole('region', { name: /Tool call plan_update/ })).toContainText('builtin-tools/v1');
  await page.getByRole('region', { name: 'Tool calls' }).getByRole('button', { name: /record_citation/ }).click();
  await expect(page).toHaveURL(/toolCall=/);
  await expect(page.getByRole('region', { name: /Tool call record_citation/ })).toContainText('https://example.org/agentloom-demo');
  await attachScreenshot(page, testInfo, 'run-tool-calls');

  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.locator('[data-message-role="assistant"]').first()).toContainText('Let me plan this.');
  await attachScreenshot(page, testInfo, 'run-messages');

  await page.getByRole('tab', { name: 'Checkpoints' }).click();
  await expect(page.getByRole('region', { name: /^Checkpoint \d+$/ })).toContainText('Module bindings');
  await attachScreenshot(page, testInfo, 'run-checkpoints');

  await page.getByRole('tab', { name: 'Events' }).click();
  const events = page.getByRole('region', { name: 'Events' });
  await expect(events.locator('[data-event-type="run-created"]')).toHaveCount(1);
  await expect(events.locator('[data-event-type="run-finished"]')).toHaveCount(1);
  await attachScreenshot(page, testInfo, 'run-events');

  // Reload keeps the tab in the URL.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/runs');
  const row = page.locator(`[data-run-id="${runId}"]`);
  await expect(row).toContainText('Demo researcher');
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'succeeded');
});
