import type { Browser } from '@playwright/test';

import { RestClient } from '../../e2e/support/rest-client';

// Page scripts are strings (see measure-run-page.ts: tsx's `__name` helper does not exist in the
// page). Notes, on every animation frame, when each timeline row first appeared (browser clock, ms
// since the epoch), as e2e/support/live-latency.ts does for the live-updates journey.
const recordRowAppearances = `
  window.rowSeenAt = {};
  const check = () => {
    for (const element of document.querySelectorAll('[data-step-index]')) {
      const key = element.getAttribute('data-step-index');
      if (!(key in window.rowSeenAt)) window.rowSeenAt[key] = Date.now();
    }
    requestAnimationFrame(check);
  };
  check();
`;
const rowSeenAt = (index: number) => `window.rowSeenAt[${JSON.stringify(String(index))}] ?? false`;

/** Commit → row for each step a run committed while its page was open. */
export interface LiveMeasurement {
  /** Per committed step: its `step-committed` event's `createdAt` (taken in the commit's transaction) → the first frame showing its row. */
  stepMs: number[];
}

/**
 * Live updates on the run page (issue 14: "within ~500 ms of a committed change"): a demo-operator
 * run waits for an approval with its page open; the bench approves it through the REST API (a
 * change made elsewhere) and times each step the run then commits, from the commit to the frame
 * that first shows its timeline row. Both clocks are this machine's.
 */
export async function measureLive(browser: Browser, baseUrl: string, sessionCookie: string, adminKey: string): Promise<LiveMeasurement> {
  const api = RestClient.at(baseUrl, adminKey);
  const run = await api.startRun(await api.agentId('demo-operator'), 'bench/console: live timeline');
  const requested = await api.eventOf(run.id, 'approval-requested');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'agentloom_session', value: sessionCookie, url: baseUrl }]);
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/runs/${run.id}`);
    await page.locator('header [data-status="waiting_human"]').first().waitFor({ timeout: 60_000 });
    // "Live": the page's event stream is open, so the measurement starts from a following page.
    await page.getByText('Live', { exact: true }).first().waitFor({ timeout: 60_000 });
    await page.evaluate(recordRowAppearances);
    const approval = await api.pendingApprovalOf(run.id);
    if (!approval) throw new Error(`Run ${run.id} has no pending approval`);
    await api.call('POST', `/api/v1/approvals/${approval.id}/decision`, { decision: 'approve' });
    const frames = await api.runEvents(run.id, (frame) => frame.type === 'run-finished');
    const committed = frames.filter((frame) => frame.type === 'step-committed' && frame.seq > requested.seq);
    if (committed.length === 0) throw new Error(`Run ${run.id} committed no step after the decision`);
    const stepMs: number[] = [];
    for (const frame of committed) {
      const index = frame.payload.step ?? frame.payload.index ?? frame.payload.stepIndex;
      if (typeof index !== 'number') throw new Error(`step-committed without a step index: ${JSON.stringify(frame.payload)}`);
      const shownAt = (await (await page.waitForFunction(rowSeenAt(index), undefined, { polling: 'raf', timeout: 30_000 })).jsonValue()) as number;
      stepMs.push(shownAt - new Date(frame.createdAt).getTime());
    }
    return { stepMs };
  } finally {
    await context.close();
  }
}
