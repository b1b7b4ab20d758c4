import { openApiDocument } from '~/server/http/openapi/openapi-document-instance';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The OpenAPI 3.1 document of `/api/v1`; public, like a login page: it describes, it reveals no data. */
export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=60', 'Access-Control-Allow-Origin': '*' } });
}
