import { DomainError } from '@agentloom/platform';
import { getPlatform } from '~/server/container';
import { apiErrorResponse } from '~/server/http/api-error';
import { mayReadMetrics } from '~/server/http/metrics-access';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Prometheus text exposition of `platform.metrics`. Unauthenticated unless AGENTLOOM_METRICS_TOKEN
 * is set: the numbers reveal load and agent names, so do not expose it publicly without the token.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    if (!mayReadMetrics(request)) throw new DomainError('unauthenticated', 'Send the metrics token as "Authorization: Bearer <token>".');
    const platform = await getPlatform();
    const body = await platform.metrics.render();
    return new Response(body, { headers: { 'Content-Type': platform.metrics.contentType, 'Cache-Control': 'no-store' } });
  } catch (error) {
    return apiErrorResponse(error, 'GET /api/metrics');
  }
}
