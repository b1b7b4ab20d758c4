import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';

test('cancelling a run that waits for approval ends it cancelled, and the runs list shows it', async ({ page }, testInfo) => {
  await signIn(page);
  const runId = await startRunFromForm(page, 'Demo operator (demo-operator)', 'Tell on-call the deploy is starting.');
  await expectRunStatus(page, 'waiting_human');

  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page.getByRole('dialog', { name: 'Cancel this run?' }).getByRole('button', { name: 'Cancel run' }).click();
  await expectRunStatus(page, 'cancelled');
  await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
  await attachScreenshot(page, testInfo, 'run-cancelled');

  await page.goto('/runs');
  await expect(page.locator(`[data-run-id="${runId}"] [data-status]`)).toHaveAttribute('data-status', 'cancelled');
  await page.getByLabel('Status').selectOption({ label: 'Cancelled' });
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.locator('[data-run-id] [data-status]').first()).toHaveAttribute('data-status', 'cancelled');
  await page.getByLabel('Status').selectOption({ label: 'All statuses' });
  await attachScreenshot(page, testInfo, 'runs-list');
});
