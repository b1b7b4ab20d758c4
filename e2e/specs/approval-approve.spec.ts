import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, runTimeout, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';

test('a demo-operator run waits for approval, is approved from the inbox and completes', async ({ page }, testInfo) => {
  await signIn(page);
  const runId = await startRunFromForm(page, 'Demo operator (demo-operator)', 'Tell on-call the deploy is starting.');
  await expectRunStatus(page, 'waiting_human');
  await expect(page.getByRole('region', { name: 'Waiting for approval' })).toContainText('send_notification');
  await attachScreenshot(page, testInfo, 'run-waiting-for-approval');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Approvals/ }).click();
  await expect(page.getByTestId('pending-approvals-badge')).toBeVisible();
  const card = page.locator('article', { has: page.locator(`a[href^="/runs/${runId}"]`) });
  await expect(card).toContainText('Deploy of build 42 is starting.');
  await attachScreenshot(page, testInfo, 'approvals-inbox');
  await card.getByRole('button', { name: 'Approve', exact: true }).click();
  // The inbox is live: the decided approval leaves the pending view.
  await expect(card).toHaveCount(0, { timeout: runTimeout });

  await page.getByRole('tab', { name: 'decided' }).click();
  await expect(page.locator('article', { has: page.locator(`a[href^="/runs/${runId}"]`) })).toContainText(/approved by/i);
  await attachScreenshot(page, testInfo, 'approvals-decided');

  await page.goto(`/runs/${runId}?tab=tool-calls`);
  await expectRunStatus(page, 'succeeded');
  await expect(page.getByRole('region', { name: /Tool call send_notification/ })).toContainText('Notification delivered to #on-call');
  await attachScreenshot(page, testInfo, 'run-approved-tool-call');
});
