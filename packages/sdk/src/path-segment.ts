import { AgentLoomApiError } from './api-error.ts';

/**
 * One id or name as a URL path segment. `encodeURIComponent` leaves `.` and `..` as they are, and
 * the URL parser then resolves them as dot segments: `runs.get('.')` would fetch the run list and
 * `runs.cancel('..')` would post to `/api/v1/cancel`. Those (and an empty value, which drops the
 * segment) are refused before anything is sent, with a `validation` error naming the parameter
 * (`status` 0: no request was made); anything else is percent-encoded.
 */
export function pathSegment(name: string, value: string): string {
  if (typeof value !== 'string' || value === '' || value === '.' || value === '..') {
    throw new AgentLoomApiError({
      kind: 'validation',
      message: `${name} must be a non-empty id other than "." and "..", got ${JSON.stringify(value) ?? String(value)}`,
      status: 0,
      field: name,
    });
  }
  return encodeURIComponent(value);
}
