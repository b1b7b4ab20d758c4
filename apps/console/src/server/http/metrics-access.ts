import { createHash, timingSafeEqual } from 'node:crypto';

/** What a scrape of `/api/metrics` may read. */
export type MetricsAccess = 'full' | 'without-tenant-labels' | 'refused';

/**
 * With `AGENTLOOM_METRICS_TOKEN` set, a scrape must send `Authorization: Bearer <token>` and then
 * reads everything; without it (401) nothing. Without a configured token the endpoint stays open for
 * a Prometheus on a private network, but answers only numbers without tenant-identifying labels
 * (no agent slugs, no tool names): an open endpoint must not list every tenant's agents.
 */
export function metricsAccessFor(request: Request, token: string | undefined): MetricsAccess {
  if (!token) return 'without-tenant-labels';
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  // Hashing first gives equal lengths, so the comparison is constant-time regardless of input.
  return timingSafeEqual(digest(presented), digest(token)) ? 'full' : 'refused';
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
