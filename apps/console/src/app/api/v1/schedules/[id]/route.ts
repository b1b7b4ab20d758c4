import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.schedules.get(principal, { scheduleId: parameters.id }));
  },
  { role: 'viewer' },
);

/** Changes what is given; a new `timing` restarts the slots from now. */
export const PATCH = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const body = await readJsonBody(request);
    return jsonResponse(await platform.schedules.update(principal, { ...(typeof body === 'object' && body !== null ? body : {}), scheduleId: parameters.id }));
  },
  { role: 'operator' },
);

/** Deletes the schedule; the runs it created stay. */
export const DELETE = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.schedules.delete(principal, { scheduleId: parameters.id }));
  },
  { role: 'operator' },
);
