import { expect, test } from '@playwright/test';
import { createApiKeyFromSettings, signInWithKey } from '../support/api-keys';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';

test('a viewer sees no approve or cancel buttons, and the API refuses those calls with 403', async ({ page, browser, request }, testInfo) => {
  await signIn(page);
  const runId = await startRunFromForm(page, 'Demo operator (demo-operator)', 'Tell on-call the deploy is starting.');
  await expectRunStatus(page, 'waiting_human');
  await expect(page.getByRole('button', { name: 'Cancel run' })).toBeVisible();
  const viewerKey = await createApiKeyFromSettings(page, 'Read-only dashboard', 'viewer');

  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  try {
    await signInWithKey(viewerPage, viewerKey);
    await expect(viewerPage.getByRole('link', { name: 'New run' })).toHaveCount(0);
    // Opened by its URL, the page says why instead of offering a form whose submit answers 403.
    await viewerPage.goto('/runs/new');
    await expect(viewerPage.getByText('Starting a run needs the operator role')).toBeVisible();
    await expect(viewerPage.getByRole('button', { name: 'Start run' })).toHaveCount(0);

    await viewerPage.goto(`/runs/${runId}`);
    await expectRunStatus(viewerPage, 'waiting_human');
    const waiting = viewerPage.getByRole('region', { name: 'Waiting for approval' });
    await expect(waiting).toContainText('send_notification');
    await expect(waiting).toContainText('An operator or admin can decide this.');
    await expect(viewerPage.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
    await expect(viewerPage.getByRole('button', { name: /^(Approve|Reject…|Edit)/ })).toHaveCount(0);
    await attachScreenshot(viewerPage, testInfo, 'viewer-run-page');

    await viewerPage.goto('/approvals');
    const card = viewerPage.locator('article', { has: viewerPage.locator(`a[href^="/runs/${runId}"]`) });
    await expect(card).toContainText('Deploy of build 42 is starting.');
    await expect(viewerPage.getByRole('button', { name: /^(Approve|Reject…|Edit)/ })).toHaveCount(0);
    await attachScreenshot(viewerPage, testInfo, 'viewer-approvals-inbox');

    await viewerPage.goto('/settings');
    await expect(viewerPage.getByRole('link', { name: /API keys/ })).toHaveCount(0);
    await expect(viewerPage.getByRole('link', { name: /Audit log/ })).toHaveCount(0);
    await expect(viewerPage.getByRole('link', { name: /Usage/ })).toBeVisible();
    await attachScreenshot(viewerPage, testInfo, 'viewer-settings');
  } finally {
    await viewerContext.close();
  }

  const asViewer = { authorization: `Bearer ${viewerKey}` };
  const approvals = (await (await request.get(`/api/v1/approvals?status=pending&runId=${runId}`, { headers: asViewer })).json()) as {
    approvals: { id: string }[];
  };
  const approvalId = approvals.approvals[0]?.id;
  expect(approvalId).toBeTruthy();

  const cancel = await request.post(`/api/v1/runs/${runId}/cancel`, { headers: asViewer });
  expect(cancel.status()).toBe(403);
  expect(((await cancel.json()) as { error: { kind: string } }).error.kind).toBe('forbidden');
  const decision = await request.post(`/api/v1/approvals/${approvalId}/decision`, { headers: asViewer, data: { decision: 'approve' } });
  expect(decision.status()).toBe(403);
  expect(((await decision.json()) as { error: { kind: string } }).error.kind).toBe('forbidden');

  // Nothing changed: the run still waits for a human.
  await page.goto(`/runs/${runId}`);
  await expectRunStatus(page, 'waiting_human');
});
