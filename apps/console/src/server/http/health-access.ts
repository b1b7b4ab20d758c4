import { isDomainError, roleAtLeast, type HealthReport, type Platform, type Role } from '@agentloom/platform';
import type { HealthView } from '~/features/health/health-view';
import { authenticateRequest } from '~/server/http/authenticate-request';
import { readSessionToken } from '~/server/session/session-cookie';

/**
 * The health report as a caller of this role may see it (ADR 0007): the whole report (database host
 * and name, versions, migrations) for an admin; the status alone for any other role and for a
 * caller without credentials (`null`). `/api/health` and the console's `health.report` both answer
 * through this, so the two cannot drift apart.
 */
export function healthReportFor(report: HealthReport, role: Role | null): HealthView {
  return role !== null && roleAtLeast(role, 'admin') ? report : { status: report.status };
}

/**
 * The role of the credentials a `/api/health` request carries (API key or console session), or
 * null. Probes send no credentials and get the status alone; a bad or throttled credential is the
 * same as none here.
 */
export async function healthCallerRole(request: Request, platform: Platform): Promise<Role | null> {
  if (request.headers.get('authorization') === null && readSessionToken(request.headers.get('cookie')) === null) return null;
  try {
    return (await authenticateRequest(request, platform)).role;
  } catch (error) {
    if (isDomainError(error) && error.kind !== 'unavailable') return null;
    throw error;
  }
}
