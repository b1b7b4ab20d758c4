import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Imports hand-written cases: `{ jsonl }`, one case object per line. */
export const POST = route<{ name: string }>(
  async ({ request, principal, platform, parameters }) => {
    const body = await readJsonBody(request);
    return jsonResponse(await platform.datasets.importCases(principal, typeof body === 'object' && body !== null ? { ...body, name: parameters.name } : body));
  },
  { role: 'operator' },
);
