import { APICallError } from 'ai';
import { ModelGatewayError, isAbortError } from './model-gateway-error';

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
  return typeof code === 'string' && /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|UND_ERR_)/.test(code);
}

/**
 * Maps whatever a provider call threw onto a typed gateway error and decides whether it is
 * worth retrying: 429, 408, 409, 5xx and broken connections are; other 4xx are not.
 * Call it only when the caller's signal is not aborted: caller aborts never reach here.
 */
export function classifyError(error: unknown, model: string): ModelGatewayError {
  if (error instanceof ModelGatewayError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (APICallError.isInstance(error)) {
    const statusCode = error.statusCode;
    const retryAfterMs = parseRetryAfter(error.responseHeaders);
    if (statusCode === 429) {
      return new ModelGatewayError('model-rate-limited', `${model} rate limited the call: ${message}`, {
        model,
        statusCode,
        retryable: true,
        retryAfterMs,
        cause: error,
      });
    }
    const kind = error.isRetryable ? 'model-unavailable' : 'model-provider';
    return new ModelGatewayError(
      kind,
      `${model} failed${statusCode === undefined ? '' : ` with HTTP ${statusCode}`}: ${message}`,
      {
        model,
        statusCode,
        retryable: error.isRetryable,
        retryAfterMs,
        cause: error,
      },
    );
  }
  if (isNetworkError(error) || (error instanceof Error && isNetworkError(error.cause))) {
    return new ModelGatewayError('model-unavailable', `${model} could not be reached: ${message}`, {
      model,
      retryable: true,
      cause: error,
    });
  }
  // The caller's signal was not aborted (the gateway checks that first), so an abort here is a
  // transport timeout: transient like any other dropped connection.
  if (isAbortError(error)) {
    return new ModelGatewayError('model-unavailable', `${model} timed out: ${message}`, {
      model,
      retryable: true,
      cause: error,
    });
  }
  return new ModelGatewayError('model-provider', `${model} failed: ${message}`, { model, cause: error });
}
