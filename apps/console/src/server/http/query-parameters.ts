/**
 * A URL's query as service input: only the parameters present, each once; the names listed as
 * integers become numbers when they look like one, the names listed as booleans become booleans
 * when they are `true` or `false`; anything else stays a string, so the service's schema rejects it
 * with a message naming the parameter. Unknown names are harmless: service schemas strip them.
 * Up to 15 digits convert exactly; the range a field takes (an `integer` column's, a page size's)
 * is its schema's to check, so the refusal names the field.
 */
export function queryParameters(
  request: Request,
  integers: readonly string[] = [],
  booleans: readonly string[] = [],
): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const [name, value] of new URL(request.url).searchParams) {
    if (integers.includes(name) && /^-?\d{1,15}$/.test(value)) result[name] = Number(value);
    else if (booleans.includes(name) && (value === 'true' || value === 'false')) result[name] = value === 'true';
    else result[name] = value;
  }
  return result;
}
