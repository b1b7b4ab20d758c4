import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Text search inside one run: `?q=&sources=message,tool-call,event&limit` → `{ hits, truncated }`. */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const query = new URL(request.url).searchParams;
    const limit = query.get('limit');
    const sources = query.get('sources');
    return jsonResponse(
      await platform.runSearch.search(principal, {
        runId: parameters.id,
        query: query.get('q') ?? '',
        ...(sources ? { sources: sources.split(',') as ('message' | 'tool-call' | 'event')[] } : {}),
        ...(limit !== null && /^\d{1,4}$/.test(limit) ? { limit: Number(limit) } : {}),
      }),
    );
  },
  { role: 'viewer' },
);
