import { expect, type Page, type Request } from '@playwright/test';

/** The tRPC procedures a request calls: `/api/trpc/runs.list,approvals.pendingCount?batch=1` → both. */
function proceduresOf(request: Request): string[] {
  const { pathname } = new URL(request.url());
  const prefix = '/api/trpc/';
  return pathname.startsWith(prefix) ? decodeURIComponent(pathname.slice(prefix.length)).split(',') : [];
}

/**
 * Counts the browser's requests to one tRPC procedure (e.g. `runs.list`), to show a live list
 * updated without refetching. `settled()` waits until every request seen so far has ended, so a
 * count taken after it is not raced by a fetch started earlier (the catch-up on connect).
 */
export class ProcedureRequests {
  private started = 0;
  private ended = 0;

  private constructor(readonly procedure: string) {}

  static watch(page: Page, procedure: string): ProcedureRequests {
    const watcher = new ProcedureRequests(procedure);
    const calls = (request: Request) => proceduresOf(request).includes(procedure);
    page.on('request', (request) => {
      if (calls(request)) watcher.started += 1;
    });
    const end = (request: Request) => {
      if (calls(request)) watcher.ended += 1;
    };
    page.on('requestfinished', end);
    page.on('requestfailed', end);
    return watcher;
  }

  get count(): number {
    return this.started;
  }

  async settled(): Promise<number> {
    await expect.poll(() => this.ended, { message: `${this.procedure} requests still in flight` }).toBe(this.started);
    return this.started;
  }
}
