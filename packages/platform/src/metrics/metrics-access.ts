import { createHash, timingSafeEqual } from 'node:crypto';

/** What a metrics scrape may read. */
export type MetricsAccess = 'full' | 'without-tenant-labels' | 'refused';

/**
 * With a metrics token configured, a scrape must send `Authorization: Bearer <token>` and then
 * reads everything; without it (401) nothing. Without a configured token the endpoint stays open for
 * a Prometheus on a private network, but answers only numbers without tenant-identifying labels
 * (no tenant ids, agent slugs or tool names): an open endpoint must not list every tenant's agents.
 * Shared by the console's `/api/metrics` and the worker's metrics port.
 */
export function metricsAccessForAuthorization(authorization: string | null | undefined, token: string | undefined): MetricsAccess {
  if (!token) return 'without-tenant-labels';
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  // Hashing first gives equal lengths, so the comparison is constant-time regardless of input.
  return timingSafeEqual(digest(presented), digest(token)) ? 'full' : 'refused';
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
