import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The run's durable waits (timers and events), oldest first: `{ waits }`. */
export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => jsonResponse({ waits: await platform.waits.listForRun(principal, { runId: parameters.id }) }),
  { role: 'viewer' },
);
