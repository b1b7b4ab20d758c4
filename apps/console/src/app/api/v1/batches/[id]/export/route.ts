import { queryParameters } from '~/server/http/query-parameters';
import { route } from '~/server/http/route';
import { textPageStream } from '~/server/http/text-page-stream';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const contentTypes = { jsonl: 'application/x-ndjson', csv: 'text/csv' } as const;

/**
 * Every item with its current run as a download: JSONL (default) or `?format=csv`, streamed a page at
 * a time as the client reads it (a client that goes away cancels the stream, which stops the reads).
 */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const query = queryParameters(request);
    const format = query.format === 'csv' ? 'csv' : 'jsonl';
    // The service validates `format` (a bad value is a 400 naming it) before any byte is sent.
    const pages = await platform.batches.export(principal, { ...query, batchId: parameters.id });
    return new Response(textPageStream(pages), {
      status: 200,
      headers: {
        'Content-Type': `${contentTypes[format]}; charset=utf-8`,
        'Content-Disposition': `attachment; filename="batch-${parameters.id}.${format}"`,
        'Cache-Control': 'no-store',
      },
    });
  },
  { role: 'viewer' },
);
