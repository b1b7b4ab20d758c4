import { DomainError } from '@agentloom/platform';

/** Heartbeats keep idle connections alive through proxies; 15 s stays under common 30–60 s idle timeouts. */
export const defaultHeartbeatMs = 15_000;
const heartbeatBounds = { minimum: 100, maximum: 60_000 };

/**
 * Where a client resumes: the `Last-Event-ID` header an EventSource sends on reconnect, else
 * `?lastEventId=` (for clients that cannot set headers), else `?afterSeq=`; 0 replays everything.
 */
export function resumeAfterSeq(request: Request): number {
  const query = new URL(request.url).searchParams;
  const candidates: [string, string | null][] = [
    ['Last-Event-ID', request.headers.get('last-event-id')],
    ['lastEventId', query.get('lastEventId')],
    ['afterSeq', query.get('afterSeq')],
  ];
  const [field, value] = candidates.find(([, candidate]) => candidate !== null && candidate.trim() !== '') ?? ['afterSeq', '0'];
  if (value === null || !/^\d{1,15}$/.test(value.trim())) throw new DomainError('validation', `${field} must be an event sequence number (0 or more).`, field);
  return Number(value.trim());
}

/** `?heartbeatMs=` shortens the quiet interval (tests use it); clamped so a client cannot spin the server. */
export function heartbeatMs(request: Request): number {
  const raw = new URL(request.url).searchParams.get('heartbeatMs');
  if (raw === null) return defaultHeartbeatMs;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new DomainError('validation', 'heartbeatMs must be an integer number of milliseconds.', 'heartbeatMs');
  return Math.min(heartbeatBounds.maximum, Math.max(heartbeatBounds.minimum, value));
}
