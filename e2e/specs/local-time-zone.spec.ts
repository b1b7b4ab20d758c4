import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { RestClient } from '../support/rest-client';
import { signIn } from '../support/sign-in';
import { callQuery } from '../support/trpc';

// The console server runs on this machine (playwright.config.ts), so it formats in this machine's zone.
// The browser gets another zone: a page that shows the server's zone instead of the viewer's then fails.
const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const browserZone = zoneUnlike(machineZone);
test.use({ timezoneId: browserZone, locale: 'en-US' });

/** New York, unless the machine keeps New York's time now; then Kolkata (its half-hour offset matches almost no one's). */
function zoneUnlike(zone: string): string {
  const offsetOf = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value;
  return offsetOf('America/New_York') === offsetOf(zone) ? 'Asia/Kolkata' : 'America/New_York';
}

/** What the page should show for `iso`, and (checked) what it would show if it used the server's zone. */
function inBrowserZone(iso: string, options: Intl.DateTimeFormatOptions): string {
  const expected = new Date(iso).toLocaleString('en-US', { ...options, timeZone: browserZone });
  const inServerZone = new Date(iso).toLocaleString('en-US', { ...options, timeZone: machineZone });
  expect(expected, `the browser zone ${browserZone} must show ${iso} differently from the server zone ${machineZone}`).not.toBe(inServerZone);
  return expected;
}

/** A finished run on a new thread of the demo researcher, started through the REST API. */
async function finishedRunOnThread(api: RestClient, label: string): Promise<{ runId: string; threadId: string; input: string }> {
  const agentId = await api.agentId('demo-researcher');
  const thread = await api.call<{ id: string }>('POST', '/api/v1/threads', { agentId, title: `Time zone ${label}` });
  const input = `Time zone check ${label} ${Date.now().toString(36)}`;
  const run = await api.startRun(agentId, input, thread.id);
  await api.eventOf(run.id, 'run-finished');
  return { runId: run.id, threadId: thread.id, input };
}

test('the run page header shows Created, Started and Finished in the browser time zone', async ({ page }, testInfo) => {
  const { runId } = await finishedRunOnThread(await RestClient.forTest(testInfo), 'run header');
  await signIn(page);
  await page.goto(`/runs/${runId}`);
  for (const label of ['Created', 'Started', 'Finished']) {
    const time = page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]/time');
    await expect(time).toBeVisible();
    const iso = (await time.getAttribute('datetime'))!;
    // The server sends the instant; the browser renders it in its own zone once hydrated, text and tooltip alike.
    await expect(time).toHaveText(inBrowserZone(iso, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }));
    await expect(time).toHaveAttribute('title', `${iso} (${inBrowserZone(iso, { dateStyle: 'medium', timeStyle: 'medium' })})`);
  }
  await attachScreenshot(page, testInfo, 'run-header-browser-zone');
});

test('the runs list "Started" tooltip shows the browser time zone', async ({ page }, testInfo) => {
  const { runId, input } = await finishedRunOnThread(await RestClient.forTest(testInfo), 'runs list');
  await signIn(page);
  await page.goto(`/runs?q=${encodeURIComponent(input)}`);
  const row = page.locator(`[data-run-id="${runId}"]`);
  await expect(row).toBeVisible();
  const run = await callQuery<{ startedAt: string }>(page, 'runs.get', { runId });
  // An attribute is what hydration never patches: the server's tooltip stayed before the fix.
  await expect(row.locator('[data-run-started]')).toHaveAttribute('title', inBrowserZone(run.startedAt, { dateStyle: 'medium', timeStyle: 'medium' }));
});

test('the thread page run boundary shows the run time in the browser time zone', async ({ page }, testInfo) => {
  const { runId, threadId } = await finishedRunOnThread(await RestClient.forTest(testInfo), 'thread boundary');
  await signIn(page);
  await page.goto(`/threads/${threadId}`);
  const time = page.locator(`[data-run-boundary="${runId}"] time`);
  await expect(time).toBeVisible();
  const iso = (await time.getAttribute('datetime'))!;
  await expect(time).toHaveText(inBrowserZone(iso, { dateStyle: 'medium', timeStyle: 'short' }));
  await expect(time).toHaveAttribute('title', inBrowserZone(iso, { dateStyle: 'medium', timeStyle: 'medium' }));
  await attachScreenshot(page, testInfo, 'thread-boundary-browser-zone');
});
