import type { Page } from '@playwright/test';

/**
 * Calls a tRPC mutation from inside the signed-in page (same origin, the session cookie and the
 * browser's Origin header), for setup the console has no page for yet. Returns the result or
 * throws with the server's message.
 */
export async function callMutation<Result>(page: Page, path: string, input: unknown): Promise<Result> {
  const outcome = await page.evaluate(
    async ({ path, input }) => {
      const response = await fetch(`/api/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: input }),
      });
      return { status: response.status, body: (await response.json()) as { result?: { data?: { json?: unknown } }; error?: { json?: { message?: string } } } };
    },
    { path, input },
  );
  if (outcome.status !== 200 || outcome.body.result?.data === undefined) {
    throw new Error(`${path} answered ${outcome.status}: ${outcome.body.error?.json?.message ?? 'no message'}`);
  }
  return outcome.body.result.data.json as Result;
}

/** Calls a tRPC query from inside the signed-in page; returns the result or throws with the server's message. */
export async function callQuery<Result>(page: Page, path: string, input: unknown): Promise<Result> {
  const outcome = await page.evaluate(
    async ({ path, input }) => {
      const response = await fetch(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
      return { status: response.status, body: (await response.json()) as { result?: { data?: { json?: unknown } }; error?: { json?: { message?: string } } } };
    },
    { path, input },
  );
  if (outcome.status !== 200 || outcome.body.result?.data === undefined) {
    throw new Error(`${path} answered ${outcome.status}: ${outcome.body.error?.json?.message ?? 'no message'}`);
  }
  return outcome.body.result.data.json as Result;
}
