import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Retries a failed or cancelled run as a new run (same version, input and thread; ADR 0029): 201
 * with the new run, or 200 with the run that already retries it.
 */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    const { run, created } = await platform.runs.retry(principal, { runId: parameters.id });
    return jsonResponse(run, created ? 201 : 200, { Location: `/api/v1/runs/${run.id}` });
  },
  { role: 'operator' },
);
