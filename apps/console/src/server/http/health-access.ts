import { isDomainError, roleAtLeast, type Platform } from '@agentloom/platform';
import { authenticateRequest } from '~/server/http/authenticate-request';
import { readSessionToken } from '~/server/session/session-cookie';

/**
 * Whether `/api/health` may show its details (database host and name, versions, migrations) to
 * this caller: only to an admin, by API key or console session. Probes send no credentials and get
 * the status alone; a bad or throttled credential is the same as none here.
 */
export async function mayReadHealthDetails(request: Request, platform: Platform): Promise<boolean> {
  if (request.headers.get('authorization') === null && readSessionToken(request.headers.get('cookie')) === null) return false;
  try {
    return roleAtLeast((await authenticateRequest(request, platform)).role, 'admin');
  } catch (error) {
    if (isDomainError(error) && error.kind !== 'unavailable') return false;
    throw error;
  }
}
