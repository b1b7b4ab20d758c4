import { APICallError } from 'ai';

import { findOutboundRefusal } from '../outbound/outbound-refused-error';
import { ModelGatewayError, isAbortError } from './model-gateway-error';
import { IncompleteStreamError } from './incomplete-stream-error';

/** Parses `retry-after-ms` (OpenAI) or `retry-after` (seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const milliseconds = Number.parseFloat(lowerCased['retry-after-ms'] ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const retryAfter = lowerCased['retry-after'];
  if (retryAfter === undefined) return undefined;
  const seconds = Number.parseFloat(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Errors raised by fetch/undici when the connection itself failed, before or during the body. */
function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError && /fetch failed|network|terminated/i.test(error.message)) return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_)/.test(code);
}

/** undici's `terminated`: the connection broke while the body (the reply stream) was being read. */
function isBrokenBody(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; depth < 4 && current instanceof Error; depth += 1, current = current.cause) {
    if (current instanceof TypeError && current.message === 'terminated') return true;
  }
  return false;
}

/** The AI SDK's errors for a reply it could not read (names are stable across its copies, classes may not be). */
const unreadableReplyErrors = new Set(['AI_InvalidResponseDataError', 'AI_JSONParseError', 'AI_TypeValidationError', 'AI_NoContentGeneratedError', 'AI_EmptyResponseBodyError']);

/** What an HTTP status means, said without the provider's words. */
function describeStatus(statusCode: number | undefined): string {
  if (statusCode === undefined) return 'the provider refused the call';
  if (statusCode === 401) return 'unauthorized (check the API key)';
  if (statusCode === 403) return 'forbidden (the API key lacks access to this model)';
  if (statusCode === 404) return 'not found (check the base URL and the model name)';
  if (statusCode === 408) return 'request timeout';
  if (statusCode === 413) return 'request too large';
  if (statusCode === 429) return 'rate limited';
  if (statusCode >= 500) return 'provider error';
  return 'request rejected';
}

/**
 * Maps whatever a provider call threw onto a typed gateway error and decides whether it is
 * worth retrying: 429, 408, 409, 5xx, broken connections and cut streams are; other 4xx, HTML
 * pages and unreadable replies are not. The kinds (`ProviderErrorKind`) say what to fix:
 * unreachable, rate-limited, auth, bad-response (answered, but not with an API reply), error.
 * Call it only when the caller's signal is not aborted: caller aborts never reach here.
 *
 * The message never carries text from the provider (response bodies, parsed error messages,
 * unparseable payloads): run errors are visible to every viewer of the tenant, and a base URL
 * pointing somewhere internal would otherwise read that place back to them. It says the model,
 * the HTTP status and what the status means; the original error stays available as `cause` for
 * the host's own logs.
 */
export function classifyError(error: unknown, model: string): ModelGatewayError {
  if (error instanceof ModelGatewayError) return error;
  const refusal = findOutboundRefusal(error);
  if (refusal !== undefined) {
    // The outbound policy's own words (the URL the tenant configured and why it is refused).
    return new ModelGatewayError('model-configuration', `${model}: ${refusal.message}`, { model, cause: error });
  }
  if (APICallError.isInstance(error)) return classifyApiCallError(error, model);
  if (isBrokenBody(error)) {
    return new ModelGatewayError('provider-bad-response', `${model} broke off its reply stream before it finished`, { model, retryable: true, cause: error });
  }
  if (isNetworkError(error) || (error instanceof Error && isNetworkError(error.cause))) {
    return new ModelGatewayError('provider-unreachable', `${model} could not be reached (${networkCode(error)})`, { model, retryable: true, cause: error });
  }
  // The caller's signal was not aborted (the gateway checks that first), so an abort here is a
  // transport timeout: transient like any other dropped connection.
  if (isAbortError(error)) {
    return new ModelGatewayError('provider-unreachable', `${model} timed out`, { model, retryable: true, cause: error });
  }
  // Parse and validation errors quote the payload they could not read: name the error, not the payload.
  const name = error instanceof Error ? error.name : typeof error;
  if (unreadableReplyErrors.has(name) || error instanceof IncompleteStreamError) {
    return new ModelGatewayError('provider-bad-response', `${model} answered with something that is not a complete API reply (${name}): check that the base URL is the provider's API`, {
      model,
      cause: error,
    });
  }
  return new ModelGatewayError('provider-error', `${model} failed: unexpected reply (${name})`, { model, cause: error });
}

function classifyApiCallError(error: APICallError, model: string): ModelGatewayError {
  const statusCode = error.statusCode;
  const retryAfterMs = parseRetryAfter(error.responseHeaders);
  const details = { model, statusCode, retryAfterMs, cause: error };
  if (statusCode === undefined) {
    // The SDK's "Cannot connect to API": no HTTP answer at all.
    return new ModelGatewayError('provider-unreachable', `${model} could not be reached (${networkCode(error)})`, { ...details, retryable: true });
  }
  if (statusCode >= 200 && statusCode < 300) {
    // A successful status whose body failed while streaming: the connection broke mid-reply.
    return new ModelGatewayError('provider-bad-response', `${model} broke off its reply stream before it finished (HTTP ${statusCode})`, { ...details, retryable: true });
  }
  if (statusCode === 429) {
    return new ModelGatewayError('provider-rate-limited', `${model} rate limited the call (HTTP 429)`, { ...details, retryable: true });
  }
  const what = describeStatus(statusCode);
  if (statusCode === 401 || statusCode === 403) {
    return new ModelGatewayError('provider-auth', `${model} failed with HTTP ${statusCode}: ${what}`, { ...details, retryable: false });
  }
  return new ModelGatewayError('provider-error', `${model} failed with HTTP ${statusCode}: ${what}`, { ...details, retryable: error.isRetryable });
}

/** A connection error's code (`ECONNREFUSED`, `UND_ERR_SOCKET`), never its message. */
function networkCode(error: unknown): string {
  for (let current: unknown = error, depth = 0; depth < 4 && current instanceof Error; depth += 1, current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return 'connection failed';
}
