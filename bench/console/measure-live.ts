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
// A function, not a string: Playwright polls a string predicate with `eval`, which the console's CSP refuses
// (a row already drawn at the first check hid that until session 20).
const rowSeenAt = (key: string): number | false => (globalThis as unknown as { rowSeenAt: Record<string, number> }).rowSeenAt[key] ?? false;
// Installed before the page's scripts: notes when the page's EventSource (tRPC's subscription link)
// received each message, so a slow sample says which hop it was slow in: commit → the browser has the
// event, or the browser has it → the row is drawn.
const recordStreamArrivals = `
  window.streamArrivals = [];
  const NativeEventSource = window.EventSource;
  window.EventSource = class extends NativeEventSource {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => window.streamArrivals.push({ at: Date.now(), data: String(event.data) }));
    }
  };
`;
/** When the page's stream first carried the event with this seq (browser clock), if it did. */
const arrivalOf = (seq: number) => `(window.streamArrivals.find((entry) => entry.data.includes('"seq":${seq},')) ?? {}).at ?? null`;

/** Commit → row for each step a run committed while its page was open. */
export interface LiveMeasurement {
  /** Per committed step: its `step-committed` event's `createdAt` (taken in the commit's transaction) → the first frame showing its row. */
  stepMs: number[];
  /** The same steps split in two: commit → the page's stream received the event, and that → the row drawn (null: not seen on the stream). */
  hops: { step: number; toBrowserMs: number | null; toRowMs: number | null }[];
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
  await context.addInitScript(recordStreamArrivals);
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
    // Only steps committed after the decision: the step that asked for the approval commits in the same
    // transaction as `approval-requested` (its seq is one more), before the page was even open. Counting it,
    // as this bench did until session 20, measured when the row observer was installed, not a live update:
    // it was the "worst sample" of 1.3–3.2 s that every earlier table showed.
    const decided = frames.find((frame) => frame.type === 'approval-decided' && frame.seq > requested.seq);
    if (!decided) throw new Error(`Run ${run.id} has no approval-decided event after the decision`);
    const committed = frames.filter((frame) => frame.type === 'step-committed' && frame.seq > decided.seq);
    if (committed.length === 0) throw new Error(`Run ${run.id} committed no step after the decision`);
    const stepMs: number[] = [];
    const hops: LiveMeasurement['hops'] = [];
    for (const frame of committed) {
      const index = frame.payload.step ?? frame.payload.index ?? frame.payload.stepIndex;
      if (typeof index !== 'number') throw new Error(`step-committed without a step index: ${JSON.stringify(frame.payload)}`);
      const shownAt = (await (await page.waitForFunction(rowSeenAt, String(index), { polling: 'raf', timeout: 30_000 })).jsonValue()) as number;
      const committedAt = new Date(frame.createdAt).getTime();
      stepMs.push(shownAt - committedAt);
      const arrivedAt = await page.evaluate<number | null>(arrivalOf(frame.seq));
      hops.push({ step: index, toBrowserMs: arrivedAt === null ? null : arrivedAt - committedAt, toRowMs: arrivedAt === null ? null : shownAt - arrivedAt });
    }
    return { stepMs, hops };
  } finally {
    await context.close();
  }
}
