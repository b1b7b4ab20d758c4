import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';

test('editing the arguments and approving on the run page sends to the edited channel', async ({ page }, testInfo) => {
  await signIn(page);
  const runId = await startRunFromForm(page, 'Demo operator (demo-operator)', 'Tell on-call the deploy is starting.');
  await expectRunStatus(page, 'waiting_human');

  const waiting = page.getByRole('region', { name: 'Waiting for approval' });
  await waiting.getByRole('button', { name: 'Edit arguments…' }).click();
  await waiting.getByLabel('Arguments (JSON)').fill(JSON.stringify({ channel: 'release-managers', message: 'Deploy of build 42 is starting.' }, null, 2));
  await attachScreenshot(page, testInfo, 'approval-edit-form');
  await waiting.getByRole('button', { name: 'Approve with edits' }).click();

  await expectRunStatus(page, 'succeeded');
  await page.getByRole('tab', { name: /Tool calls/ }).click();
  const detail = page.getByRole('region', { name: /Tool call send_notification/ });
  await expect(detail).toContainText('Notification delivered to #release-managers');
  await expect(detail).toContainText('Edited arguments');
  await attachScreenshot(page, testInfo, 'run-edited-tool-call');
  expect(runId).toMatch(/^[0-9a-f-]{36}$/);
});
