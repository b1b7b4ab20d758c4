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
    await this.testInfo.attach('live-latency.json', {
      body: JSON.stringify({ loadAverage: load, measurements: this.measurements }, null, 2),
      contentType: 'application/json',
    });
  }
}

async function readLoadAverage(): Promise<string | null> {
  const { readFile } = await import('node:fs/promises');
  return readFile('/proc/loadavg', 'utf8').then(
    (text) => text.trim(),
    () => null,
  );
}

/**
 * Records, inside the page, when each element matching `selector` first appeared, keyed by its
 * `attribute` (checked on every animation frame). For changes whose exact target is known only
 * afterwards (the last step of a run): start before the change, read with `appearedAt` after.
 */
export async function recordAppearances(page: Page, selector: string, attribute: string): Promise<void> {
  await page.evaluate(
    ({ selector, attribute }) => {
      const seen: Record<string, number> = {};
      (window as unknown as { __appearances: Record<string, Record<string, number>> }).__appearances ??= {};
      (window as unknown as { __appearances: Record<string, Record<string, number>> }).__appearances[selector] = seen;
      const check = () => {
        for (const element of Array.from(document.querySelectorAll(selector))) {
          const key = element.getAttribute(attribute);
          if (key !== null && !(key in seen)) seen[key] = Date.now();
        }
        requestAnimationFrame(check);
      };
      check();
    },
    { selector, attribute },
  );
}

/** When the element keyed `key` first appeared (see `recordAppearances`); waits for it. */
export async function appearedAt(page: Page, selector: string, key: string): Promise<number> {
  const handle = await page.waitForFunction(
    ({ selector, key }) => (window as unknown as { __appearances?: Record<string, Record<string, number>> }).__appearances?.[selector]?.[key] ?? false,
    { selector, key },
    { polling: 'raf', timeout: liveTimeout },
  );
  return (await handle.jsonValue()) as number;
}
