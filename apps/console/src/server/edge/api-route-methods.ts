/** The methods a route file can export (Next answers HEAD and OPTIONS itself). */
export type ExportedMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every route file under `src/app/api`, by URL template (`{name}` for a dynamic segment), with the
 * methods it exports. The proxy reads it to answer wrong methods (405 with `Allow`) and unknown
 * API paths (404) in the JSON error shape before Next would answer them with an empty body. It is
 * a plain table because the proxy must not read the file system or import the platform;
 * `api-route-methods.test.ts` fails when it differs from the route files.
 */
export const apiRouteMethods: Readonly<Record<string, readonly ExportedMethod[]>> = {
  '/api/health': ['GET'],
  '/api/mcp': ['POST'],
  '/api/metrics': ['GET'],
  '/api/session': ['POST', 'DELETE'],
  '/api/trpc/{trpc}': ['GET', 'POST'],
  '/api/v1/agents': ['GET', 'POST'],
  '/api/v1/agents/{id}': ['GET'],
  '/api/v1/agents/{id}/archive': ['POST', 'DELETE'],
  '/api/v1/agents/{id}/versions': ['GET', 'POST'],
  '/api/v1/agents/{id}/versions/{version}': ['GET'],
  '/api/v1/api-keys': ['GET', 'POST'],
  '/api/v1/api-keys/{id}': ['DELETE'],
  '/api/v1/approvals': ['GET'],
  '/api/v1/approvals/decisions': ['POST'],
  '/api/v1/approvals/{id}/decision': ['POST'],
  '/api/v1/audit-log': ['GET'],
  '/api/v1/budgets': ['GET', 'POST', 'DELETE'],
  '/api/v1/concurrency-limits': ['GET', 'POST'],
  '/api/v1/model-prices': ['GET', 'POST', 'DELETE'],
  '/api/v1/erase': ['POST'],
  '/api/v1/events': ['POST'],
  '/api/v1/mcp-servers': ['GET', 'POST'],
  '/api/v1/mcp-servers/{id}': ['GET', 'PATCH', 'DELETE'],
  '/api/v1/mcp-servers/{id}/test': ['POST'],
  '/api/v1/me': ['GET'],
  '/api/v1/memories': ['GET', 'POST'],
  '/api/v1/memories/search': ['POST'],
  '/api/v1/memories/{id}': ['GET', 'DELETE'],
  '/api/v1/memories/{id}/pin': ['POST', 'DELETE'],
  '/api/v1/memory-decisions': ['GET'],
  '/api/v1/memory-decisions/{id}/undo': ['POST'],
  '/api/v1/openapi.json': ['GET'],
  '/api/v1/runs': ['GET', 'POST'],
  '/api/v1/runs/{id}': ['GET'],
  '/api/v1/runs/{id}/cancel': ['POST'],
  '/api/v1/runs/{id}/resume': ['POST'],
  '/api/v1/runs/{id}/compare': ['GET'],
  '/api/v1/runs/{id}/rerun': ['POST'],
  '/api/v1/runs/{id}/fork': ['POST'],
  '/api/v1/runs/{id}/retry': ['POST'],
  '/api/v1/runs/{id}/events': ['GET'],
  '/api/v1/runs/{id}/messages': ['GET'],
  '/api/v1/runs/{id}/search': ['GET'],
  '/api/v1/runs/{id}/steps': ['GET'],
  '/api/v1/runs/{id}/steps/find': ['GET'],
  '/api/v1/runs/{id}/steps/{index}': ['GET'],
  '/api/v1/runs/{id}/waits': ['GET'],
  '/api/v1/runs/{id}/feedback': ['GET', 'POST'],
  '/api/v1/agents/{id}/feedback': ['GET'],
  '/api/v1/datasets': ['GET', 'POST'],
  '/api/v1/datasets/{name}': ['GET'],
  '/api/v1/datasets/{name}/cases': ['POST'],
  '/api/v1/datasets/{name}/runs': ['POST'],
  '/api/v1/experiments': ['POST'],
  '/api/v1/experiments/{id}': ['GET'],
  '/api/v1/batches': ['GET', 'POST'],
  '/api/v1/batches/{id}': ['GET'],
  '/api/v1/batches/{id}/cancel': ['POST'],
  '/api/v1/batches/{id}/export': ['GET'],
  '/api/v1/batches/{id}/items': ['GET'],
  '/api/v1/batches/{id}/retry-failed': ['POST'],
  '/api/v1/schedules': ['GET', 'POST'],
  '/api/v1/schedules/preview': ['POST'],
  '/api/v1/schedules/{id}': ['GET', 'PATCH', 'DELETE'],
  '/api/v1/schedules/{id}/pause': ['POST'],
  '/api/v1/schedules/{id}/preview': ['GET'],
  '/api/v1/schedules/{id}/resume': ['POST'],
  '/api/v1/tenants': ['GET', 'POST'],
  '/api/v1/tenants/{id}': ['GET', 'PATCH'],
  '/api/v1/tenants/{id}/admin-keys': ['POST'],
  '/api/v1/tenants/{id}/erase': ['POST'],
  '/api/v1/tenants/{id}/resume': ['POST'],
  '/api/v1/tenants/{id}/suspend': ['POST'],
  '/api/v1/threads': ['GET', 'POST'],
  '/api/v1/threads/{id}': ['GET', 'PATCH'],
  '/api/v1/threads/{id}/messages': ['GET'],
  '/api/v1/usage': ['GET'],
  '/api/v1/webhook-deliveries/{id}/redeliver': ['POST'],
  '/api/v1/webhooks': ['GET', 'POST'],
  '/api/v1/webhooks/{id}': ['DELETE'],
  '/api/v1/webhooks/{id}/deliveries': ['GET'],
};

interface RouteTemplate {
  template: string;
  segments: string[];
  dynamicSegments: number;
}

// Static segments win over dynamic ones, as in Next (`/memories/search` before `/memories/{id}`).
const templates: RouteTemplate[] = Object.keys(apiRouteMethods)
  .map((template) => {
    const segments = template.split('/').filter(Boolean);
    return { template, segments, dynamicSegments: segments.filter((segment) => segment.startsWith('{')).length };
  })
  .sort((left, right) => left.dynamicSegments - right.dynamicSegments);

/** The route template a (still percent-encoded) API path is served by, or undefined when none is. */
export function apiRouteTemplateFor(pathname: string): string | undefined {
  // Next redirects a trailing slash away (308); the path still belongs to its route.
  const segments = pathname.split('/').filter(Boolean);
  return templates.find(
    (candidate) =>
      candidate.segments.length === segments.length && candidate.segments.every((segment, index) => segment.startsWith('{') || segment === segments[index]),
  )?.template;
}

/** What `Allow` lists for a route: its exported methods, HEAD with GET, and OPTIONS (Next answers both). */
export function allowedMethods(template: string): string[] {
  const exported = apiRouteMethods[template] ?? [];
  const allowed = new Set<string>([...exported, 'OPTIONS']);
  if (exported.includes('GET')) allowed.add('HEAD');
  return [...allowed].sort();
}
