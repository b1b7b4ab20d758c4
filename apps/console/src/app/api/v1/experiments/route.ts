import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Replays a dataset against an agent version: `{ dataset, agentId, agentVersion, baselineExperimentId?, modelMode?, memoryMode?, scorers? }`. */
export const POST = route(
  async ({ request, principal, platform }) => {
    const experiment = await platform.experiments.create(principal, await readJsonBody(request));
    return jsonResponse(experiment, 201, { Location: `/api/v1/experiments/${experiment.id}` });
  },
  { role: 'operator' },
);
