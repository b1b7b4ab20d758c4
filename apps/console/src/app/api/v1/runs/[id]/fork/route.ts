import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Forks a run from a step's checkpoint: `{ stepIndex, agentVersion?, messages?, appendMessage?, state? }` (ADR 0032). */
export const POST = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const body = await readJsonBody(request);
    const run = await platform.runs.fork(principal, { ...(typeof body === 'object' && body !== null ? body : {}), runId: parameters.id });
    return jsonResponse(run, 201, { Location: `/api/v1/runs/${run.id}` });
  },
  { role: 'operator' },
);
