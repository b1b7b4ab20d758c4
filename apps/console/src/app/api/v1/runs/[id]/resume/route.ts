import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Resumes a run paused by a spent budget once the budget has room again (ADR 0057). */
export const POST = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const body = (await readJsonBody(request)) as Record<string, unknown>;
    return jsonResponse(await platform.runs.resumeBudgetPause(principal, { ...body, runId: parameters.id }));
  },
  { role: 'operator' },
);
