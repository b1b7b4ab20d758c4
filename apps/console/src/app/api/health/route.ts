import { getPlatform } from '~/server/container';
import { domainErrorResponse } from '~/server/http/domain-error-response';
import { healthCallerRole, healthReportFor } from '~/server/http/health-access';

/**
 * The HealthReport as JSON, for load balancers, Docker health checks and people. Unauthenticated
 * on purpose (probes carry no key), but then only `{ status }`; admins (API key or session) get the
 * whole report. 200 while the database answers (status `ok` or `degraded`), 503 when it cannot be reached.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    const platform = await getPlatform();
    const report = await platform.health.report();
    // Details (database host and name, versions) only for admins; probes get the status alone.
    return Response.json(healthReportFor(report, await healthCallerRole(request, platform)), { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return domainErrorResponse(error, 'GET /api/health');
  }
}
