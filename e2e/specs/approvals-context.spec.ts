import { expect, test, type Page } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { liveTimeout } from '../support/live-latency';
import { RestClient } from '../support/rest-client';
import { runTimeout } from '../support/runs';
import { signIn } from '../support/sign-in';

// Each journey starts and decides several demo runs; on a machine at load 30+ that is more than the
// default minute. Waits inside stay on states, never on time.
test.describe.configure({ timeout: 180_000 });

// Other journeys run at the same time and add their own pending approvals, so every card is found
// by its run, and order is only assumed between neighbours read from the page.

async function pendingRun(api: RestClient, agentId: string, input: string, threadId?: string): Promise<{ runId: string; approvalId: string }> {
  const run = await api.startRun(agentId, input, threadId);
  const requested = await api.eventOf(run.id, 'approval-requested');
  return { runId: run.id, approvalId: String(requested.payload.approvalId) };
}

/** The inbox shows one page of pending requests, shared with the other journeys: leave none behind. */
async function decideLeftovers(api: RestClient, requests: { approvalId: string }[]): Promise<void> {
  await api.call('POST', '/api/v1/approvals/decisions', {
    approvalIds: requests.map((request) => request.approvalId),
    decision: 'reject',
    reason: 'Journey finished.',
  });
}

function cardOf(page: Page, runId: string) {
  return page.locator(`article[data-run-id="${runId}"]`);
}

async function statusOf(api: RestClient, runId: string): Promise<string> {
  return (await api.call<{ status: string }>('GET', `/api/v1/runs/${runId}`)).status;
}

test('two pending approvals from different runs show different context', async ({ page }, testInfo) => {
  const api = await RestClient.forTest(testInfo);
  const operator = await api.agentId('demo-operator');
  const thread = await api.call<{ id: string }>('POST', '/api/v1/threads', { agentId: operator, title: 'Release train' });
  const first = await pendingRun(api, operator, 'Tell on-call the payments deploy is starting.');
  const second = await pendingRun(api, operator, 'Warn the search team before the index rebuild.', thread.id);

  await signIn(page);
  await page.goto('/approvals');
  const firstCard = cardOf(page, first.runId);
  const secondCard = cardOf(page, second.runId);
  await expect(firstCard.locator('[data-run-input]')).toContainText('Tell on-call the payments deploy is starting.');
  await expect(secondCard.locator('[data-run-input]')).toContainText('Warn the search team before the index rebuild.');
  for (const [card, runId] of [
    [firstCard, first.runId],
    [secondCard, second.runId],
  ] as const) {
    const context = card.locator('[data-approval-context]');
    await expect(context).toContainText('Demo operator');
    await expect(context.locator('[data-agent-version]')).toHaveText('v1');
    await expect(context.getByRole('link', { name: `Run ${runId}` })).toHaveAttribute('href', new RegExp(`^/runs/${runId}`));
    await expect(card.locator('[data-waiting]')).toContainText(/waiting \d+ (s|min)/);
  }
  await expect(firstCard.locator('[data-thread-link]')).toHaveCount(0);
  await expect(secondCard.getByRole('link', { name: 'Release train' })).toHaveAttribute('href', `/threads/${thread.id}`);
  // Same tool, same arguments: the context is what tells them apart.
  expect(await firstCard.locator('[data-approval-context]').innerText()).not.toEqual(await secondCard.locator('[data-approval-context]').innerText());
  expect(await firstCard.locator('[data-run-input]').innerText()).not.toEqual(await secondCard.locator('[data-run-input]').innerText());
  // The waiting time ticks without a reload.
  const waitedBefore = await firstCard.locator('[data-waiting]').innerText();
  await expect(firstCard.locator('[data-waiting]')).not.toHaveText(waitedBefore, { timeout: liveTimeout });
  await attachScreenshot(page, testInfo, 'approvals-with-context');
  await decideLeftovers(api, [first, second]);
});

test('keyboard: j/k move between requests, a approves the current one', async ({ page }, testInfo) => {
  const api = await RestClient.forTest(testInfo);
  const operator = await api.agentId('demo-operator');
  const older = await pendingRun(api, operator, 'Keyboard journey: the older request.');
  const newer = await pendingRun(api, operator, 'Keyboard journey: the newer request.');

  await signIn(page);
  await page.goto('/approvals');
  await expect(page.getByText('Keyboard shortcuts')).toBeVisible();
  const newerCard = cardOf(page, newer.runId);
  await expect(cardOf(page, older.runId)).toBeVisible();
  await newerCard.focus();
  await expect(newerCard).toBeFocused();

  // j moves to the card below, k back.
  const below = await newerCard.evaluate((element) => element.nextElementSibling?.getAttribute('data-approval-id') ?? null);
  expect(below).not.toBeNull();
  await page.keyboard.press('j');
  await expect(page.locator(`article[data-approval-id="${below}"]`)).toBeFocused();
  await page.keyboard.press('k');
  await expect(newerCard).toBeFocused();

  await page.keyboard.press('a');
  await expect(newerCard).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Decision results' })).toContainText('Approved 1 of 1.');
  // Focus moves on to a neighbour, so the next key acts on a card, not on nothing.
  await expect(page.locator('article[data-approval-id]:focus')).toHaveCount(1);
  await expect.poll(() => statusOf(api, newer.runId), { timeout: runTimeout }).toBe('succeeded');
  expect(await statusOf(api, older.runId)).toBe('waiting_human');
  await attachScreenshot(page, testInfo, 'approvals-keyboard-approved');
  await decideLeftovers(api, [older]);
});

test('bulk reject with a reason: each request decided on its own, one decided elsewhere is reported', async ({ page }, testInfo) => {
  const api = await RestClient.forTest(testInfo);
  const operator = await api.agentId('demo-operator');
  const requests = [
    await pendingRun(api, operator, 'Bulk journey: first.'),
    await pendingRun(api, operator, 'Bulk journey: second.'),
    await pendingRun(api, operator, 'Bulk journey: decided elsewhere.'),
  ];
  const [first, second, elsewhere] = requests as [(typeof requests)[0], (typeof requests)[0], (typeof requests)[0]];

  await signIn(page);
  await page.goto('/approvals');
  for (const request of requests) await cardOf(page, request.runId).getByRole('checkbox').check();
  await expect(page.locator('[data-selected-count]')).toHaveText('3 selected');
  await page.getByRole('button', { name: 'Reject selected…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject 3 approvals' });
  await expect(dialog).toBeVisible();

  // While the dialog is open, someone else approves one of the three (another program, the API).
  await api.call('POST', `/api/v1/approvals/${elsewhere.approvalId}/decision`, { decision: 'approve' });
  await expect(cardOf(page, elsewhere.runId)).toHaveCount(0, { timeout: liveTimeout });

  await dialog.getByLabel('Reason for rejecting').fill('Change freeze until Monday.');
  await attachScreenshot(page, testInfo, 'approvals-bulk-reject-dialog');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog).toBeHidden();
  const results = page.getByRole('status', { name: 'Decision results' });
  await expect(results).toContainText('Rejected 2 of 3.');
  await expect(results.locator(`[data-refused-approval="${elsewhere.approvalId}"]`)).toContainText(/already decided \(approved by /);
  await expect(cardOf(page, first.runId)).toHaveCount(0);
  await expect(cardOf(page, second.runId)).toHaveCount(0);
  await attachScreenshot(page, testInfo, 'approvals-bulk-reject-results');

  for (const request of [first, second]) {
    const { approvals } = await api.call<{ approvals: { status: string; decisionReason: string | null }[] }>('GET', `/api/v1/approvals?runId=${request.runId}`);
    expect(approvals).toEqual([expect.objectContaining({ status: 'rejected', decisionReason: 'Change freeze until Monday.' })]);
  }
  const { approvals } = await api.call<{ approvals: { status: string }[] }>('GET', `/api/v1/approvals?runId=${elsewhere.runId}`);
  expect(approvals).toEqual([expect.objectContaining({ status: 'approved' })]);
});
