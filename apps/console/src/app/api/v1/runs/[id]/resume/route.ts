import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Resumes a run paused by a spent budget once the budget has room again (ADR 0057). */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.runs.resumeBudgetPause(principal, { runId: parameters.id }));
  },
  { role: 'operator' },
);
