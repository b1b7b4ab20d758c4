import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's datasets by name. */
export const GET = route(async ({ principal, platform }) => jsonResponse({ datasets: await platform.datasets.list(principal) }), { role: 'viewer' });

/** Creates a dataset: `{ name, description?, unmatchedToolPolicy? }`. */
export const POST = route(
  async ({ request, principal, platform }) => {
    const dataset = await platform.datasets.create(principal, await readJsonBody(request));
    return jsonResponse(dataset, 201, { Location: `/api/v1/datasets/${encodeURIComponent(dataset.name)}` });
  },
  { role: 'operator' },
);
