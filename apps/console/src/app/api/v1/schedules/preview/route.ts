import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The next fire times of a timing that need not be saved (the form's preview): `{ timing, count? }`. */
export const POST = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(platform.schedules.preview(principal, await readJsonBody(request)));
  },
  { role: 'viewer' },
);
