import type { Page, TestInfo } from '@playwright/test';

/** What the page must show (or stop showing): an element matching `selector`, optionally with `text`. */
export interface DomCondition {
  selector: string;
  text?: string;
  /** False: wait until no such element is left. Default true. */
  present?: boolean;
}

/** Generous: a page that never updates fails here; how fast it updated is reported, never asserted. */
export const liveTimeout = 30_000;

/**
 * Starts watching the page for `condition`, checked on every animation frame inside the browser,
 * and resolves with the browser clock (ms since the epoch) of the first frame it held. Start it
 * before making the change; the time is taken in the page, so Playwright's own polling adds nothing.
 */
export function whenShown(page: Page, condition: DomCondition): Promise<number> {
  return page
    .waitForFunction(
      ({ selector, text, present }) => {
        const found = Array.from(document.querySelectorAll(selector)).some((element) => text === undefined || (element.textContent ?? '').includes(text));
        return found === present ? Date.now() : false;
      },
      { selector: condition.selector, text: condition.text, present: condition.present ?? true },
      { polling: 'raf', timeout: liveTimeout },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
}

export interface LatencyMeasurement {
  page: string;
  change: string;
  /** From the commit's timestamp (the event's `createdAt`, taken inside its transaction) to the first frame showing it. */
  milliseconds: number;
}

/**
 * Collects a test's measurements and reports them: printed, attached as JSON, and added as
 * annotations to the HTML report. Figures are reported, not asserted: the machine runs at load
 * 10–30, so a timed assertion would flake; speed targets live in bench/.
 */
export class LatencyReport {
  private readonly measurements: LatencyMeasurement[] = [];

  constructor(private readonly testInfo: TestInfo) {}

  record(page: string, change: string, committedAt: string | number, shownAt: number): void {
    const milliseconds = shownAt - new Date(committedAt).getTime();
    this.measurements.push({ page, change, milliseconds });
    this.testInfo.annotations.push({ type: 'live latency', description: `${page} · ${change}: ${milliseconds} ms` });
    console.log(`live latency · ${page} · ${change}: ${milliseconds} ms`);
  }

  async attach(): Promise<void> {
    const load = await readLoadAverage();
    await this.testInfo.attach('live-latency.json', { body: JSON.stringify({ loadAverage: load, measurements: this.measurements }, null, 2), contentType: 'application/json' });
  }
}

async function readLoadAverage(): Promise<string | null> {
  const { readFile } = await import('node:fs/promises');
  return readFile('/proc/loadavg', 'utf8').then(
    (text) => text.trim(),
    () => null,
  );
}
