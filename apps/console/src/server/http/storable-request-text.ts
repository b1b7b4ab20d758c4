import { assertStorableText, DomainError, unstorableTextProblem } from '@agentloom/platform';

/**
 * The REST edge check for text Postgres cannot store (NUL, lone surrogates) in what the URL
 * carries: path parameters (`%00` decodes to NUL) and every query parameter, whether or not the
 * route reads it, so the answer does not depend on a route's parser. JSON bodies are checked by
 * `readJsonBody`. A `validation` error naming the parameter.
 */
export function assertStorableRequestText(request: Request, pathParameters: unknown): void {
  assertStorableText(pathParameters);
  for (const [name, value] of new URL(request.url).searchParams) {
    const problem = unstorableTextProblem(name) ?? unstorableTextProblem(value);
    if (problem !== undefined) throw new DomainError('validation', `${name}: ${problem}`, name);
  }
}
