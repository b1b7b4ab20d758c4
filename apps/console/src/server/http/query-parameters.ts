/**
 * A URL's query as service input: only the parameters present, each once; the names listed as
 * integers become numbers when they look like one; anything else stays a string, so the service's
 * schema rejects it with a message naming the parameter. Unknown names are harmless: service
 * schemas strip them.
 */
export function queryParameters(request: Request, integers: readonly string[] = []): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  for (const [name, value] of new URL(request.url).searchParams) {
    result[name] = integers.includes(name) && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  }
  return result;
}
