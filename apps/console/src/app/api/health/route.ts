import { getPlatform } from '~/server/container';
import { domainErrorResponse } from '~/server/http/domain-error-response';

/**
 * The HealthReport as JSON, for load balancers, Docker health checks and people. Unauthenticated
 * on purpose (probes carry no key); the report holds no secrets. 200 while the database answers
 * (status `ok` or `degraded`), 503 when it cannot be reached.
 */
export async function GET(): Promise<Response> {
  try {
    const platform = await getPlatform();
    const report = await platform.health.report();
    return Response.json(report, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return domainErrorResponse(error, 'GET /api/health');
  }
}
