import { createHash, timingSafeEqual } from 'node:crypto';

import { getEnvironment } from '~/env';

/**
 * Whether a scrape may read `/api/metrics`. Without `AGENTLOOM_METRICS_TOKEN` the endpoint is open,
 * like `/api/health`, for a Prometheus on a private network; set the variable to require
 * `Authorization: Bearer <token>` wherever the console is reachable from outside.
 */
export function mayReadMetrics(request: Request): boolean {
  const token = getEnvironment().metricsToken;
  if (!token) return true;
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  // Hashing first gives equal lengths, so the comparison is constant-time regardless of input.
  return timingSafeEqual(digest(presented), digest(token));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
