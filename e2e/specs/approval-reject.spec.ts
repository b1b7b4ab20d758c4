import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';

test('rejecting with a reason: the run completes and the tool result carries the reason', async ({ page }, testInfo) => {
  const reason = 'Deploys are frozen until Monday.';
  await signIn(page);
  const runId = await startRunFromForm(page, 'Demo operator (demo-operator)', 'Tell on-call the deploy is starting.');
  await expectRunStatus(page, 'waiting_human');

  await page.goto('/approvals');
  const card = page.locator('article', { has: page.locator(`a[href^="/runs/${runId}"]`) });
  await card.getByRole('button', { name: 'Reject…' }).click();
  await card.getByLabel('Reason for rejecting').fill(reason);
  await attachScreenshot(page, testInfo, 'approval-reject-form');
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(card).toHaveCount(0);

  await page.goto(`/runs/${runId}?tab=messages`);
  await expectRunStatus(page, 'succeeded');
  await expect(page.locator('[data-message-role="tool"]')).toContainText(reason);
  await attachScreenshot(page, testInfo, 'run-rejected-messages');
});
