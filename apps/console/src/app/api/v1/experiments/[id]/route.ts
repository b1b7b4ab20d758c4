import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** An experiment with its per-case results; replays finished since the last read are scored first. */
export const GET = route<{ id: string }>(async ({ principal, platform, parameters }) => jsonResponse(await platform.experiments.get(principal, { experimentId: parameters.id })), { role: 'viewer' });
