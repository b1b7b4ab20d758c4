import { databaseIntegerRange, DomainError, isDatabaseInteger } from '@agentloom/platform';

/** Heartbeats keep idle connections alive through proxies; 15 s stays under common 30–60 s idle timeouts. */
export const defaultHeartbeatMs = 15_000;
const heartbeatBounds = { minimum: 100, maximum: 60_000 };

/**
 * Where a client resumes: the `Last-Event-ID` header an EventSource sends on reconnect, else
 * `?lastEventId=` (for clients that cannot set headers), else `?afterSeq=`; 0 replays everything.
 * Sequence numbers are `integer` columns: a larger one is refused here, before the stream's 200,
 * because the database refuses it only once the replay query runs, and the stream then just died.
 */
export function resumeAfterSeq(request: Request): number {
  const query = new URL(request.url).searchParams;
  const candidates: [string, string | null][] = [
    ['Last-Event-ID', request.headers.get('last-event-id')],
    ['lastEventId', query.get('lastEventId')],
    ['afterSeq', query.get('afterSeq')],
  ];
  const [field, value] = candidates.find(([, candidate]) => candidate !== null && candidate.trim() !== '') ?? ['afterSeq', '0'];
  const seq = value !== null && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!isDatabaseInteger(seq)) {
    throw new DomainError('validation', `${field} must be an event sequence number (0 to ${databaseIntegerRange.maximum}).`, field);
  }
  return seq;
}

/** `?heartbeatMs=` shortens the quiet interval (tests use it); clamped so a client cannot spin the server. */
export function heartbeatMs(request: Request): number {
  const raw = new URL(request.url).searchParams.get('heartbeatMs');
  if (raw === null) return defaultHeartbeatMs;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new DomainError('validation', 'heartbeatMs must be an integer number of milliseconds.', 'heartbeatMs');
  return Math.min(heartbeatBounds.maximum, Math.max(heartbeatBounds.minimum, value));
}
