/**
 * The seconds a `Retry-After` header asks for (RFC 9110 §10.2.3): a count of seconds, or an HTTP
 * date turned into the seconds from `now` until then (0 when it has passed). Undefined when the
 * header is missing or is neither, so a malformed header never invents a wait.
 */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // Every HTTP date form (IMF-fixdate, RFC 850, asctime) starts with a day name; the check keeps
  // Date.parse from reading something like "1.5" as a date.
  if (!/^[A-Za-z]{3}/.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1_000));
}
