import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** One step in full (request, response, tool-call tree, events); `?requestMessages` sets how much of the request comes back. */
export const GET = route<{ id: string; index: string }>(
  async ({ request, principal, platform, parameters }) => {
    const requestMessages = new URL(request.url).searchParams.get('requestMessages');
    return jsonResponse(
      await platform.runStepDetails.get(principal, {
        runId: parameters.id,
        step: /^\d{1,9}$/.test(parameters.index) ? Number(parameters.index) : (parameters.index as unknown as number),
        ...(requestMessages !== null && /^\d{1,4}$/.test(requestMessages) ? { requestMessages: Number(requestMessages) } : {}),
      }),
    );
  },
  { role: 'viewer' },
);
