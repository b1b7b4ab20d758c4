import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { RestClient } from '../support/rest-client';
import { runTimeout } from '../support/runs';
import { signIn } from '../support/sign-in';

test.describe.configure({ timeout: 300_000 });

/** The Decided tab asks the server for decided approvals, so newer pending requests cannot push them off its first page. */
test('approvals inbox: the Decided tab lists earlier decisions even when 50 newer requests are pending', async ({ page }, testInfo) => {
  await signIn(page);
  const rest = await RestClient.forTest(testInfo);
  const slug = `notify-${Date.now().toString(36)}`;
  const agent = await rest.call<{ id: string }>('POST', '/api/v1/agents', {
    slug,
    name: `Notifier ${slug}`,
    config: {
      tools: ['send_notification'],
      approvals: { send_notification: 'always' },
      demoScript: {
        replies: [{ text: 'Notifying.', toolCalls: [{ name: 'send_notification', arguments: { channel: 'ops', message: 'hello' } }] }, { text: 'Done.' }],
      },
    },
  });
  const pendingOf = async (runId: string): Promise<string> => {
    let approvalId: string | undefined;
    await expect.poll(async () => (approvalId = (await rest.pendingApprovalOf(runId))?.id), { timeout: runTimeout }).toBeDefined();
    return approvalId!;
  };

  // One request decided first…
  const decidedRun = await rest.startRun(agent.id, 'decided first');
  const decidedApproval = await pendingOf(decidedRun.id);
  await rest.call('POST', `/api/v1/approvals/${decidedApproval}/decision`, { decision: 'reject', reason: 'e2e: not now' });
  // …then a busy morning: 50 newer requests waiting, more than a page of the unfiltered list.
  const waiting: string[] = [];
  for (let index = 0; index < 50; index += 1) waiting.push((await rest.startRun(agent.id, `pending ${index}`)).id);
  try {
    for (const runId of waiting) await pendingOf(runId);

    await page.goto('/approvals?view=decided');
    await expect(page.getByRole('tab', { name: 'Decided' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator(`[data-approval-id="${decidedApproval}"]`)).toBeVisible();
    await expect(page.getByText('No decisions yet')).toHaveCount(0);
    await attachScreenshot(page, testInfo, 'approvals-decided-under-pending');
  } finally {
    // The 50 requests would crowd the Pending tab of the specs that follow: cancelling expires them.
    for (const runId of waiting) await rest.call('POST', `/api/v1/runs/${runId}/cancel`, {});
  }
});
