/// <reference lib="dom" />
// Parts of this file run inside the page (Chromium), hence the DOM types.
import type { Browser } from '@playwright/test';

export interface RunPageMeasurement {
  /** Navigation start → first timeline row painted. */
  firstRenderMs: number;
  /** Navigation start → every step loaded (the scroll area's label counts them). */
  allStepsMs: number;
  /** The longest gap between animation frames while scrolling top to bottom. */
  longestFrameMs: number;
  /** Frames over 50 ms (Chromium's "long" threshold) while scrolling. */
  longFrames: number;
  framesMeasured: number;
}

// Runs in the page before any of its scripts: notes when the first timeline row appears.
const recordFirstRow = () => {
  const state = window as unknown as { firstRowAt?: number };
  const observer = new MutationObserver(() => {
    if (state.firstRowAt === undefined && document.querySelector('[data-step-index]')) {
      state.firstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
};

/**
 * Opens one run page in a fresh tab and measures it as a user would meet it: time to the first
 * painted step row, then a smooth scroll from the first to the last step (a fixed distance per
 * animation frame, like a held scrollbar) while every frame's duration is recorded.
 */
export async function measureRunPage(browser: Browser, baseUrl: string, sessionCookie: string, runId: string, steps: number): Promise<RunPageMeasurement> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'agentloom_session', value: sessionCookie, url: baseUrl }]);
  const page = await context.newPage();
  await page.addInitScript(recordFirstRow);
  try {
    await page.goto(`${baseUrl}/runs/${runId}`);
    await page.waitForSelector('[data-step-index]', { timeout: 60_000 });
    const firstRenderMs = await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt);
    const scrollArea = page.getByLabel(`${steps} steps`);
    await scrollArea.waitFor({ timeout: 120_000 });
    const allStepsMs = await page.evaluate(() => performance.now());
    const frames = await scrollArea.evaluate(
      (element) =>
        new Promise<number[]>((resolve) => {
          const durations: number[] = [];
          const pixelsPerFrame = 400;
          let previous = performance.now();
          const tick = (now: number) => {
            durations.push(now - previous);
            previous = now;
            if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) return resolve(durations);
            element.scrollTop += pixelsPerFrame;
            requestAnimationFrame(tick);
          };
          requestAnimationFrame((now) => {
            previous = now;
            requestAnimationFrame(tick);
          });
        }),
    );
    await page.waitForSelector(`[data-step-index="${steps - 1}"]`);
    return {
      firstRenderMs,
      allStepsMs,
      longestFrameMs: Math.max(...frames),
      longFrames: frames.filter((duration) => duration > 50).length,
      framesMeasured: frames.length,
    };
  } finally {
    await context.close();
  }
}
