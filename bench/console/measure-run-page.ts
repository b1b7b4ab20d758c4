import type { Browser } from '@playwright/test';

export interface RunPageMeasurement {
  /** Navigation start → first timeline row painted. */
  firstRenderMs: number;
  /** Navigation start → the document's first byte (the server's render before it could send anything). */
  documentFirstByteMs: number;
  /** Navigation start → the document's last byte. */
  documentLastByteMs: number;
  /** The document's size as sent (uncompressed), HTML and the inlined RSC payload with the prefetched data. */
  documentBytes: number;
  /** Navigation start → every step loaded (the scroll area's label counts them). */
  allStepsMs: number;
  /** The longest gap between animation frames while scrolling top to bottom. */
  longestFrameMs: number;
  /** Frames over 50 ms (Chromium's "long" threshold) while scrolling. */
  longFrames: number;
  framesMeasured: number;
}

// Page scripts are strings: tsx wraps named functions in a `__name` helper the page does not have.

// Runs in the page before any of its scripts: notes when the first timeline row appears.
const recordFirstRow = `
  const observer = new MutationObserver(() => {
    if (window.firstRowAt === undefined && document.querySelector('[data-step-index]')) {
      window.firstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
`;

// Scrolls the timeline a fixed distance per animation frame to the bottom; resolves to the frame durations.
const scrollAndRecordFrames = `
  new Promise((resolve) => {
    const element = document.querySelector('[aria-label$=" steps"]');
    const durations = [];
    let previous = performance.now();
    const tick = (now) => {
      durations.push(now - previous);
      previous = now;
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) return resolve(durations);
      element.scrollTop += 400;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      previous = now;
      requestAnimationFrame(tick);
    });
  })
`;

/**
 * Opens one run page in a fresh tab and measures it as a user would meet it: time to the first
 * painted step row, then a smooth scroll from the first to the last step (a fixed distance per
 * animation frame, like a held scrollbar) while every frame's duration is recorded.
 */
export async function measureRunPage(browser: Browser, baseUrl: string, sessionCookie: string, runId: string, steps: number): Promise<RunPageMeasurement> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'agentloom_session', value: sessionCookie, url: baseUrl }]);
  const page = await context.newPage();
  await page.addInitScript({ content: recordFirstRow });
  // A refused or failed request (429 from the rate limit, a 500) is not a measurement: the run fails instead.
  const failedResponses: string[] = [];
  page.on('response', (response) => {
    const status = response.status();
    if (response.url().startsWith(baseUrl) && (status < 200 || status >= 300) && status !== 304) failedResponses.push(`${status} ${response.url()}`);
  });
  try {
    await page.goto(`${baseUrl}/runs/${runId}`);
    await page.waitForSelector('[data-step-index]', { timeout: 60_000 });
    const firstRenderMs = await page.evaluate<number>('window.firstRowAt');
    const navigation = await page.evaluate<{ responseStart: number; responseEnd: number; decodedBodySize: number }>(
      "(() => { const entry = performance.getEntriesByType('navigation')[0]; return { responseStart: entry.responseStart, responseEnd: entry.responseEnd, decodedBodySize: entry.decodedBodySize }; })()",
    );
    const scrollArea = page.getByLabel(`${steps} steps`);
    await scrollArea.waitFor({ timeout: 120_000 });
    const allStepsMs = await page.evaluate<number>('performance.now()');
    const frames = await page.evaluate<number[]>(scrollAndRecordFrames);
    await page.waitForSelector(`[data-step-index="${steps - 1}"]`);
    if (failedResponses.length > 0) throw new Error(`The run page got non-2xx responses: ${failedResponses.slice(0, 5).join(', ')}`);
    return {
      firstRenderMs,
      documentFirstByteMs: navigation.responseStart,
      documentLastByteMs: navigation.responseEnd,
      documentBytes: navigation.decodedBodySize,
      allStepsMs,
      longestFrameMs: Math.max(...frames),
      longFrames: frames.filter((duration) => duration > 50).length,
      framesMeasured: frames.length,
    };
  } finally {
    await context.close();
  }
}
