import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';

test.describe.configure({ timeout: 180_000 });

test('timeline rows name their tool calls and open the step panel by click, keyboard and deep link', async ({ page }, testInfo) => {
  await signIn(page);
  const runId = await startRunFromForm(page, 'Demo researcher (demo-researcher)', 'Which steps did you take?');
  await expectRunStatus(page, 'succeeded');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const rows = timeline.locator('[role="option"][data-step-index]');
  await expect(rows).toHaveCount(4);
  // Rows say which tools ran, not "model call" four times.
  await expect(timeline.locator('[data-step-index]', { hasText: 'record_citation' })).toHaveCount(1);
  const labels = await rows.allInnerTexts();
  expect(labels.filter((label) => /model call/i.test(label)).length).toBeLessThan(4);

  // Click: the panel opens beside the timeline and the URL names the step.
  const citationRow = timeline.locator('[data-step-index]', { hasText: 'record_citation' });
  const citationIndex = Number(await citationRow.getAttribute('data-step-index'));
  await citationRow.click();
  await expect(page).toHaveURL(new RegExp(`[?&]step=${citationIndex}\\b`));
  const panel = page.getByRole('complementary', { name: `Step ${citationIndex}` });
  await expect(panel.getByRole('region', { name: /^Tool calls/ })).toContainText('record_citation');
  await expect(panel.getByRole('region', { name: /^Tool calls/ })).toContainText('https://example.org/agentloom-demo');
  await expect(panel).toContainText(/Model request: \d+ messages sent/);
  await expect(panel.getByRole('region', { name: /^Events/ }).locator('[data-event-type="step-committed"]')).toHaveCount(1);
  await attachScreenshot(page, testInfo, 'step panel (click)');

  // Keyboard: a focused row opens with Enter.
  await timeline.locator('[role="option"][data-step-index="1"]').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]step=1\b/);
  await expect(page.getByRole('complementary', { name: 'Step 1' })).toBeVisible();
  // Escape closes it.
  await page.getByRole('complementary', { name: 'Step 1' }).getByRole('button', { name: 'Next →' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('complementary', { name: /^Step/ })).toHaveCount(0);

  // Deep links: ?step=N and ?call=<model call id> open the panel directly (engine steps count from 1).
  const first = Number(await rows.first().getAttribute('data-step-index'));
  await page.goto(`/runs/${runId}?step=${first}`);
  // A fresh page load: the run, its steps and then the step's detail load first.
  await expect(page.getByRole('complementary', { name: `Step ${first}` })).toBeVisible({ timeout: 30_000 });
  await expect(timeline.locator(`[role="option"][data-step-index="${first}"]`)).toHaveAttribute('aria-selected', 'true');
  const callId = await page.getByRole('complementary', { name: `Step ${first}` }).locator('[data-tool-call]').first().getAttribute('data-tool-call');
  expect(callId).toBeTruthy();
  await page.goto(`/runs/${runId}?call=${encodeURIComponent(callId ?? '')}`);
  await expect(page.getByRole('complementary', { name: `Step ${first}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('complementary', { name: `Step ${first}` }).locator(`[data-tool-call="${callId}"]`)).toBeVisible();
  await attachScreenshot(page, testInfo, 'step panel (deep link by call)');
});
