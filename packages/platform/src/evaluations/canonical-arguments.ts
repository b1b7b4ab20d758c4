/**
 * JSON with object keys sorted at every depth, so two calls with the same arguments written in a
 * different key order get the same key. Replay matches recorded tool results on it.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** How a recorded tool result is found again: the tool's name and its canonical arguments. */
export function toolCallKey(name: string, args: unknown): string {
  return `${name} ${canonicalJson(args ?? {})}`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, sortKeys(inner)]));
}
