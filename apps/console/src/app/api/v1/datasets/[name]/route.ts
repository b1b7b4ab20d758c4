import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** A dataset with its cases in order. */
export const GET = route<{ name: string }>(async ({ principal, platform, parameters }) => jsonResponse(await platform.datasets.get(principal, { name: parameters.name })), { role: 'viewer' });
