import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** One immutable version with its config (secrets redacted). */
export const GET = route<{ id: string; version: string }>(
  async ({ principal, platform, parameters }) => {
    // A non-numeric segment becomes NaN, which the service's schema rejects naming `version`.
    return jsonResponse(await platform.agents.version(principal, { agentId: parameters.id, version: Number(parameters.version) }));
  },
  { role: 'viewer' },
);
