import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Requests cancellation; the executor aborts the in-flight call and ends the run `cancelled`. */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.runs.cancel(principal, { runId: parameters.id }));
  },
  { role: 'operator' },
);
