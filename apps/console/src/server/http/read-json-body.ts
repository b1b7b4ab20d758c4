import { assertStorableText, DomainError } from '@agentloom/platform';
// Relative: unit tests import this module, and vitest's unit project does not know the `~` alias.
import { HttpError } from './api-error';

/** Run inputs are capped at 100k characters by the platform; 1 MiB leaves room for JSON escaping. */
export const maximumBodyBytes = 1024 * 1024;

/**
 * Reads a JSON request body, refusing more than `maximumBodyBytes` without buffering it all
 * (`Content-Length` can be absent or lie, so the stream is counted too). An empty body reads as
 * `{}` so that bodiless POSTs (cancel) and omitted bodies get the service's field-level errors.
 * Text Postgres cannot store (NUL, lone surrogates) is a `validation` error naming its field; a body
 * that is not an object or array, or that nests deeper than `maximumJsonDepth` (64) levels, is a
 * `validation` error on the field `body` (ADR 0010).
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declaredLength = Number(request.headers.get('content-length') ?? '0');
  if (declaredLength > maximumBodyBytes) throw tooLarge();
  const text = await readLimitedText(request);
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new DomainError('validation', 'The request body is not valid JSON.', 'body');
  }
  // Every operation's body is an object (arrays pass: `/api/mcp` refuses a JSON-RPC batch itself with a
  // JSON-RPC error, ADR 0034): `null`, `1` or a string would otherwise reach the schema as a fieldless
  // "expected object" error.
  if (typeof body !== 'object' || body === null) throw new DomainError('validation', 'The request body must be a JSON object.', 'body');
  // The REST edge check for text Postgres cannot store (`"\ud800"` parses fine as JSON, then
  // fails a jsonb write) and for nesting deeper than `maximumJsonDepth` (`z.json()` and recursive
  // walks overflow the stack on a 10 KB run of brackets): one iterative walk over every JSON body,
  // whatever schema its route uses, before any schema sees it.
  assertStorableText(body, [], 'body');
  return body;
}

async function readLimitedText(request: Request): Promise<string> {
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maximumBodyBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(): HttpError {
  return new HttpError(413, 'payload-too-large', `The request body exceeds ${maximumBodyBytes} bytes.`);
}
