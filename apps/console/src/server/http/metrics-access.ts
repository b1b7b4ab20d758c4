import { metricsAccessForAuthorization, type MetricsAccess } from '@agentloom/platform';

export type { MetricsAccess };

/** `/api/metrics` access from the request's Authorization header (rules in the platform's metrics-access). */
export function metricsAccessFor(request: Request, token: string | undefined): MetricsAccess {
  return metricsAccessForAuthorization(request.headers.get('authorization'), token);
}
