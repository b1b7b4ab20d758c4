import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Indexes of the steps matching `?kind&toolName&errors&approval`, in order: `{ stepIndexes }`. */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) =>
    jsonResponse(await platform.runStepFinder.find(principal, { ...queryParameters(request, [], ['errors']), runId: parameters.id })),
  { role: 'viewer' },
);
