import type { Browser } from '@playwright/test';

export interface InvestigationMeasurement {
  /** Click on a timeline row → the step panel shows the step's events (its last section, so everything loaded). */
  stepPanelMs: number;
  /** Click on Search → the results list is drawn (server search across messages, tool calls and events). */
  searchMs: number;
  /** "Next error" → the next failed step's panel is loaded. */
  nextErrorMs: number;
}

// Page scripts are strings (see measure-run-page.ts). Each clicks, then resolves when the selector
// matches, timed with the page's own clock so Playwright's round trips are not counted.
// `clickTarget` is a selector, optionally with `::text(…)` to pick the one whose text contains it.
const clickAndWait = (clickTarget: string, doneSelector: string) => `
  new Promise((resolve, reject) => {
    const [selector, text] = ${JSON.stringify(clickTarget)}.split('::text(');
    const target = [...document.querySelectorAll(selector)].find((element) => !text || element.textContent.includes(text.slice(0, -1)));
    if (!target) return reject(new Error('nothing to click: ' + ${JSON.stringify(clickTarget)}));
    const started = performance.now();
    const check = () => {
      if (document.querySelector(${JSON.stringify(doneSelector)})) {
        observer.disconnect();
        resolve(performance.now() - started);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    target.click();
    check();
  })
`;

/**
 * The investigation a user does on a long run once it is open: open a step, search the run, jump to
 * the next error. The page is fully loaded first (every step held), so the times are the feature's,
 * not the first render's.
 */
export async function measureInvestigation(
  browser: Browser,
  baseUrl: string,
  sessionCookie: string,
  run: { runId: string; steps: number; query: string; firstError: number },
): Promise<InvestigationMeasurement> {
  const { runId, steps, query, firstError } = run;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'agentloom_session', value: sessionCookie, url: baseUrl }]);
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/runs/${runId}`);
    await page.getByLabel(`${steps} steps`).waitFor({ timeout: 120_000 });
    // Facets (error count) enable the error buttons; wait for them so "next error" is ready.
    await page.getByRole('button', { name: '↓ Next error' }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
    const stepPanelMs = await page.evaluate<number>(clickAndWait('[role="option"][data-step-index="5"]', 'aside[aria-label="Step 5"] section[aria-label^="Events"]'));
    // Close the panel, so "next error" starts from no open step and lands on the first error.
    await page.getByRole('button', { name: 'Close step panel' }).click();
    await page.locator('aside[aria-label^="Step"]').waitFor({ state: 'detached' });
    await page.getByLabel('Search this run').fill(query);
    const searchMs = await page.evaluate<number>(clickAndWait('form:has(#run-search) button[type="submit"]', 'section[aria-label="Search results"] li'));
    const nextErrorMs = await page.evaluate<number>(
      clickAndWait('[role="search"] button::text(Next error)', `aside[aria-label="Step ${firstError}"] section[aria-label^="Events"]`),
    );
    return { stepPanelMs, searchMs, nextErrorMs };
  } finally {
    await context.close();
  }
}
