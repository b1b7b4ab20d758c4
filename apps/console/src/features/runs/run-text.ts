/**
 * Run input and output are JSON; the common shape is `{ text }`. Show that text as prose and
 * anything else as formatted JSON, so people read words rather than braces.
 */
export function runText(value: unknown, pretty = true): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value);
    const [only] = entries;
    if (entries.length === 1 && only && only[0] === 'text' && typeof only[1] === 'string') return only[1];
  }
  return pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}
