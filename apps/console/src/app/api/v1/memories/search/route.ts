import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Searches memory `{ text, scope?, kinds?, limit?, mode? }` → `{ hits: [{ item, score }] }`, best first. */
export const POST = route(
  async ({ request, principal, platform }) => {
    return jsonResponse({ hits: await platform.memory.search(principal, await readJsonBody(request)) });
  },
  { role: 'viewer' },
);
