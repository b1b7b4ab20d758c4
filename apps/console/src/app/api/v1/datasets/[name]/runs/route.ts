import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Records finished runs as cases: `{ runIds, expectedOutput?, labels? }`. */
export const POST = route<{ name: string }>(
  async ({ request, principal, platform, parameters }) => {
    const body = await readJsonBody(request);
    return jsonResponse(await platform.datasets.addRuns(principal, typeof body === 'object' && body !== null ? { ...body, name: parameters.name } : body));
  },
  { role: 'operator' },
);
