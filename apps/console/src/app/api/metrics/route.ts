import { DomainError } from '@agentloom/platform';
import { getEnvironment } from '~/env';
import { getPlatform } from '~/server/container';
import { apiErrorResponse } from '~/server/http/api-error';
import { metricsAccessFor } from '~/server/http/metrics-access';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Prometheus text exposition of `platform.metrics`. With AGENTLOOM_METRICS_TOKEN set it needs that
 * bearer token; without one it is open but sums away agent and tool labels (metrics-access.ts).
 */
export async function GET(request: Request): Promise<Response> {
  try {
    const access = metricsAccessFor(request, getEnvironment().metricsToken);
    if (access === 'refused') throw new DomainError('unauthenticated', 'Send the metrics token as "Authorization: Bearer <token>".');
    const platform = await getPlatform();
    const body = await platform.metrics.render({ tenantLabels: access === 'full' });
    return new Response(body, { headers: { 'Content-Type': platform.metrics.contentType, 'Cache-Control': 'no-store' } });
  } catch (error) {
    return apiErrorResponse(error, 'GET /api/metrics');
  }
}
