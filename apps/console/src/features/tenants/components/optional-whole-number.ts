/**
 * A settings field as the server takes it: empty means null (keep forever, or the instance
 * default); anything else is passed as a number, and a non-integer reaches the server's validation,
 * which names the field, rather than being silently dropped here.
 */
export function optionalWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}
