import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { longRunId } from '../support/long-run';
import { signIn } from '../support/sign-in';

// Loading 10,000 steps takes a while on a busy machine; the assertions wait for states, never for times.
test.describe.configure({ timeout: 180_000 });

test('the 10,000-step timeline is one Tab stop: arrows move, Enter and Space open, Tab leaves, and coming back lands on the open step', async ({ page }, testInfo) => {
  const runId = await longRunId();
  await signIn(page);
  await page.goto(`/runs/${runId}`);
  const timeline = page.getByRole('listbox', { name: '10000 steps' });
  await expect(timeline).toBeVisible({ timeout: 60_000 });
  const row = (index: number) => timeline.locator(`[role="option"][data-step-index="${index}"]`);
  const tabStops = timeline.locator('[role="option"][tabindex="0"]');
  await expect(tabStops).toHaveCount(1);

  // Tab from the last control before the timeline lands on its first row.
  await page.getByRole('button', { name: '↓ Next error' }).focus();
  await page.keyboard.press('Tab');
  await expect(row(0)).toBeFocused();

  // End and Home scroll the virtualized list to either end.
  await page.keyboard.press('End');
  await expect(row(9999)).toBeFocused();
  await expect(row(9999)).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(row(0)).toBeFocused();

  // Down past the first screenful: the focused row is rendered and scrolled into view; the Tab stop moves with it.
  for (let press = 0; press < 26; press += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(row(25)).toBeFocused();
  await expect(row(25)).toBeInViewport();
  await expect(tabStops).toHaveCount(1);
  await expect(row(25)).toHaveAttribute('tabindex', '0');

  // Enter opens the step, as a click does; the URL names it.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]step=25\b/);
  const panel = page.getByRole('complementary', { name: 'Step 25' });
  await expect(panel.getByRole('region', { name: /^Events/ })).toBeVisible();
  await expect(row(25)).toHaveAttribute('aria-selected', 'true');
  await expect(row(25)).toBeFocused();
  await attachScreenshot(page, testInfo, 'step opened from the keyboard');

  // One Tab leaves the timeline for the step panel, whatever the run's length.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: '← Previous' })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.closest('[role="listbox"]') ?? null)).toBeNull();

  // Back in with Shift+Tab: the open step holds the Tab stop, even after the arrows wandered off it.
  await page.keyboard.press('Shift+Tab');
  await expect(row(25)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(row(27)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: '← Previous' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(row(25)).toBeFocused();

  // Space opens too.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]step=26\b/);
  await expect(page.getByRole('complementary', { name: 'Step 26' })).toBeVisible();
  await expect(tabStops).toHaveCount(1);
});
