import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Records an outcome and/or reward: `{ label?, reward?, stepIndex?, comment? }` (ADR 0051). */
export const POST = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const body = await readJsonBody(request);
    const entry = await platform.feedback.record(principal, { ...(typeof body === 'object' && body !== null ? body : {}), runId: parameters.id });
    return jsonResponse(entry, 201);
  },
  { role: 'operator' },
);

/** The run's feedback entries, oldest first: `{ feedback }`. */
export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => jsonResponse({ feedback: await platform.feedback.listForRun(principal, { runId: parameters.id }) }),
  { role: 'viewer' },
);
