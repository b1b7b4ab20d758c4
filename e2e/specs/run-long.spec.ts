import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { signIn } from '../support/sign-in';

/** The 10,000-step run written before the console started (playwright.config.ts → seed-long-runs.ts). */
async function longRunId(): Promise<string> {
  const runIds = JSON.parse(await readFile(path.join(process.env.E2E_DATA_DIR ?? '', 'long-runs.json'), 'utf8')) as Record<string, string>;
  const runId = runIds['10000'];
  if (!runId) throw new Error('long-runs.json has no 10000-step run');
  return runId;
}

test('a 10,000-step run opens, its timeline holds every step, and scrolls to the last one', async ({ page }, testInfo) => {
  const runId = await longRunId();
  await signIn(page);
  await page.goto(`/runs/${runId}`);
  await expect(page.locator('header [data-status]').first()).toHaveAttribute('data-status', 'succeeded');

  // Pages of steps load in the background; the scroll area's label counts what is held.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const scrollArea = timeline.getByLabel('10000 steps');
  await expect(scrollArea).toBeVisible({ timeout: 30_000 });
  await expect(timeline.locator('[data-step-index="0"]')).toBeVisible();
  // Virtualized: a few dozen rows in the DOM, not ten thousand.
  expect(await timeline.locator('[data-step-index]').count()).toBeLessThan(100);
  await attachScreenshot(page, testInfo, 'long run: first steps');

  await scrollArea.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(timeline.locator('[data-step-index="9999"]')).toBeVisible();
  // Step 0 stays in the DOM, out of view: it holds the timeline's one Tab stop. Its neighbours are gone.
  await expect(timeline.locator('[data-step-index="1"]')).toHaveCount(0);
  await expect(timeline.locator('[data-step-index="0"]')).not.toBeInViewport();
  expect(await timeline.locator('[data-step-index]').count()).toBeLessThan(100);
  await attachScreenshot(page, testInfo, 'long run: scrolled to step 9,999');

  // Keyboard scrolling works too: Home returns to the first step, End to the last.
  await timeline.locator('[data-step-index="9999"]').focus();
  await page.keyboard.press('Home');
  await expect(timeline.locator('[data-step-index="0"]')).toBeFocused();
  await expect(timeline.locator('[data-step-index="0"]')).toBeInViewport();
  await page.keyboard.press('End');
  await expect(timeline.locator('[data-step-index="9999"]')).toBeFocused();
  await expect(timeline.locator('[data-step-index="9999"]')).toBeInViewport();
});

test('the run page’s HTML already holds the first timeline rows (server-rendered, no request after hydration)', async ({ page }) => {
  const runId = await longRunId();
  await signIn(page);
  // The document as the server sends it, before any script runs: the first page of steps is
  // prefetched on the server and the virtualized rows render from the scroll area's known height.
  const response = await page.request.get(`/runs/${runId}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('data-step-index="0"');
  expect(html).toContain('data-step-index="10"');
  // Only the rows in view (and the overscan), not the whole first page.
  expect(html).not.toContain('data-step-index="200"');
  // And only their data: the prefetched page inlined for hydration is the rows the first paint
  // draws, not a full page of 1,000 (ADR 0079). Every step row, and nothing else on this page,
  // carries a parentStepId field. And once: the layout's HydrateClient sends only its own queries,
  // not the page's (100 were seen for 50 rows when both dehydrated the one server QueryClient), so
  // at most serverFirstPageSize (run-steps-query.ts).
  const stepRowsInPayload = html.split('parentStepId').length - 1;
  expect(stepRowsInPayload).toBeGreaterThanOrEqual(11);
  expect(stepRowsInPayload).toBeLessThanOrEqual(50);
});
