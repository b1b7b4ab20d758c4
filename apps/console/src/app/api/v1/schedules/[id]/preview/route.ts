import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The saved schedule's next fire times, starting at its stored next fire time; `?count=` (1–50, default 5). */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    return jsonResponse(await platform.schedules.previewSaved(principal, { ...queryParameters(request, ['count']), scheduleId: parameters.id }));
  },
  { role: 'viewer' },
);
