import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** This run (left) side by side with `?with=<run id>` (right): steps and tool calls aligned, usage difference right − left. */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const other = new URL(request.url).searchParams.get('with') ?? undefined;
    return jsonResponse(await platform.runs.compare(principal, { leftRunId: parameters.id, rightRunId: other }));
  },
  { role: 'viewer' },
);
