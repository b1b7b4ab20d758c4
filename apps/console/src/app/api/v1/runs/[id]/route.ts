import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** One run of the caller's tenant; 404 for unknown and foreign ids alike. */
export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.runs.get(principal, { runId: parameters.id }));
  },
  { role: 'viewer' },
);
