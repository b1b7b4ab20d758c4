import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { longRunId } from '../support/long-run';
import { callQuery } from '../support/trpc';
import { signIn } from '../support/sign-in';

// The seeded 10,000-step run: tool steps 1249, 3749, 6249 and 8749 failed; step 5000 asked for
// approval and seed-reviewer rejected the call (step 5001) after 3.5 minutes.

// Loading 10,000 steps takes a while on a busy machine; the assertions wait for states, never for times.
test.describe.configure({ timeout: 240_000 });

test('search, filters, jump to step and next/previous error on the 10,000-step run', async ({ page }, testInfo) => {
  const runId = await longRunId();
  // The steps whose detail the browser asked for (`runSteps.get`, batched or not), in order.
  const fetchedSteps: number[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('runSteps.get')) return;
    for (const match of decodeURIComponent(request.url()).matchAll(/"step":(\d+)/g)) fetchedSteps.push(Number(match[1]));
  });
  await signIn(page);
  await page.goto(`/runs/${runId}`);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByLabel('10000 steps')).toBeVisible({ timeout: 60_000 });

  // Server-side search across messages, tool calls and events.
  await page.getByLabel('Search this run').fill('store unavailable');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results).toContainText('8 matches');
  await results.getByRole('button', { name: /#3749 .*tool-call/ }).click();
  await expect(page).toHaveURL(/[?&]step=3749\b/);
  const panel = page.getByRole('complementary', { name: 'Step 3749' });
  await expect(panel).toContainText('Plan store unavailable at step 3749');
  await expect(timeline.locator('[data-step-index="3749"]')).toBeVisible();
  await attachScreenshot(page, testInfo, 'search hit opened');

  // Next / previous error walk from the open step. The next error's detail is fetched before the
  // click (ADR 0064), so the click opens it from the cache without asking the server again.
  await expect.poll(() => fetchedSteps).toContain(6249);
  const fetchedBeforeClick = fetchedSteps.length;
  await page.getByRole('button', { name: '↓ Next error' }).click();
  await expect(page.getByRole('complementary', { name: 'Step 6249' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Step 6249' })).toContainText('Plan store unavailable at step 6249');
  expect(fetchedSteps.slice(fetchedBeforeClick)).not.toContain(6249);
  await expect(timeline.locator('[data-step-index="6249"]')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: '↑ Previous error' }).click();
  await page.getByRole('button', { name: '↑ Previous error' }).click();
  await expect(page.getByRole('complementary', { name: 'Step 1249' })).toBeVisible();

  // Jump to a step far away: the virtualized timeline scrolls there.
  await page.getByLabel('Jump to step').fill('9998');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByRole('complementary', { name: 'Step 9998' })).toBeVisible();
  await expect(timeline.locator('[data-step-index="9998"]')).toBeVisible();

  // Filters run on the server: errors only keeps four rows; the rejected approval keeps one.
  await page.getByLabel(/Errors only/).check();
  await expect(timeline.getByLabel('4 of 10000 steps')).toBeVisible();
  await expect(timeline.locator('[role="option"][data-step-index]')).toHaveCount(4);
  await page.getByLabel(/Errors only/).uncheck();
  await page.getByLabel('Approval').selectOption('rejected');
  await expect(timeline.getByLabel('1 of 10000 steps')).toBeVisible();
  await expect(timeline.locator('[role="option"][data-step-index="5001"]')).toContainText('rejected');
  await attachScreenshot(page, testInfo, 'filtered to the rejected approval');
});

test('the find bar lives in the URL: a reload or a copied link shows the same filtered run, and Clear removes it', async ({ page, context }, testInfo) => {
  const runId = await longRunId();
  await signIn(page);
  await page.goto(`/runs/${runId}`);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByLabel('10000 steps')).toBeVisible({ timeout: 60_000 });

  // Search and filter: both go to the URL (replaced, so Back does not walk through every filter).
  const historyLength = await page.evaluate(() => window.history.length);
  await page.getByLabel('Search this run').fill('store unavailable');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=store(\+|%20)unavailable\b/);
  await page.getByLabel(/Errors only/).check();
  await expect(page).toHaveURL(/[?&]errors=1\b/);
  await expect(timeline.getByLabel('4 of 10000 steps')).toBeVisible();
  // Opening a step keeps the filters; the filters keep the step.
  await timeline.locator('[role="option"][data-step-index="3749"]').click();
  await expect(page).toHaveURL(/[?&]step=3749\b/);
  await expect(page).toHaveURL(/[?&]errors=1\b/);
  await expect(page).toHaveURL(/[?&]q=store/);
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength);

  // A reload restores all of it.
  await page.reload();
  await expect(timeline.getByLabel('4 of 10000 steps')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel(/Errors only/)).toBeChecked();
  await expect(page.getByLabel('Search this run')).toHaveValue('store unavailable');
  await expect(page.getByRole('region', { name: 'Search results' })).toContainText('8 matches');
  await expect(page.getByRole('complementary', { name: 'Step 3749' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'filtered run after a reload');

  // The same link in another tab shows the same.
  const shared = await context.newPage();
  await shared.goto(page.url());
  const sharedTimeline = shared.getByRole('region', { name: 'Timeline' });
  await expect(sharedTimeline.getByLabel('4 of 10000 steps')).toBeVisible({ timeout: 60_000 });
  await expect(shared.getByLabel(/Errors only/)).toBeChecked();
  await expect(shared.getByRole('region', { name: 'Search results' })).toContainText('8 matches');
  await shared.close();

  // Clear removes the filters from the URL and keeps the rest.
  await page.getByRole('button', { name: /^Clear filters/ }).click();
  await expect(page).not.toHaveURL(/[?&]errors=/);
  await expect(page).toHaveURL(/[?&]step=3749\b/);
  await expect(timeline.getByLabel('10000 steps')).toBeVisible();
  await page.getByLabel('Search this run').fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);

  // A hand-edited link: unknown values are ignored, the valid one applies.
  await page.goto(`/runs/${runId}?kind=dance&approval=maybe&tool=no_such_tool&q=x&approval=rejected`);
  await expect(timeline.getByLabel('10000 steps')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Step kind')).toHaveValue('');
  await expect(page.getByLabel('Approval')).toHaveValue('');
  await page.goto(`/runs/${runId}?kind=dance&tool=no_such_tool&approval=rejected`);
  await expect(timeline.getByLabel('1 of 10000 steps')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Approval')).toHaveValue('rejected');
  await expect(page.getByLabel('Step kind')).toHaveValue('');
  await expect(page.getByLabel('Tool')).toHaveValue('');
});

test('honest facts: version, dates, unknown cost, the human wait and the rejected call’s history', async ({ page }, testInfo) => {
  const runId = await longRunId();
  await signIn(page);
  await page.goto(`/runs/${runId}`);
  const header = page.locator('header').filter({ has: page.locator('[data-status]') });
  await expect(header.locator('[data-agent-version="1"]')).toHaveText('v1');
  // 1.3 M tokens on a model without prices: the cost is unknown, not "$0".
  await expect(header.locator('[data-cost="unknown"]')).toHaveText('Unknown');
  await expect(header).not.toContainText('$0');
  // Created shows a date, with the exact instant on hover.
  const created = header.locator('dt', { hasText: 'Created' }).locator('xpath=following-sibling::dd/time');
  expect(await created.getAttribute('title')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/);

  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByLabel('10000 steps')).toBeVisible({ timeout: 30_000 });
  await page.goto(`/runs/${runId}?step=5000`);
  await expect(timeline.getByLabel('10000 steps')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('complementary', { name: 'Step 5000' })).toBeVisible();
  await expect(timeline.locator('[data-step-index="5000"]')).toContainText('asked for approval');
  // The 3.5-minute wait is its own segment, ending in the decision.
  // (210 s between the request's end and the decision, plus the 10 ms the step itself left over.)
  await expect(timeline.locator('[data-step-index="5000"] [data-human-wait]')).toHaveAttribute('data-human-wait', /^2100\d\d$/);
  await expect(timeline).toContainText('3m 30s waiting for people');

  await timeline.locator('[role="option"][data-step-index="5001"]').click();
  const panel = page.getByRole('complementary', { name: 'Step 5001' });
  const history = panel.getByRole('list', { name: 'Ledger history' });
  await expect(history).toContainText('awaiting approval');
  await expect(history).toContainText('by seed-reviewer');
  await expect(history).toContainText('not on the allowlist');
  await attachScreenshot(page, testInfo, 'rejected call history');

  // Filtered by its agent: the long run is seeded first, and the suite's later runs push it off the unfiltered first page.
  const { agentId } = await callQuery<{ agentId: string }>(page, 'runs.get', { runId });
  await page.goto(`/runs?agent=${agentId}`);
  await expect(page.locator(`[data-run-id="${runId}"] [data-agent-version="1"]`)).toHaveText('v1');
  await expect(page.locator(`[data-run-id="${runId}"]`)).toContainText('unknown');
});
