import { APICallError, InvalidResponseDataError, JSONParseError } from 'ai';
import { describe, expect, it } from 'vitest';

import { OutboundRefusedError } from '../outbound/outbound-refused-error';
import { classifyError } from './classify-error';
import { IncompleteStreamError } from './incomplete-stream-error';

const model = 'openai:gpt-test';

function apiCallError(statusCode: number | undefined, options: { isRetryable?: boolean; headers?: Record<string, string>; cause?: unknown } = {}): APICallError {
  return new APICallError({
    message: statusCode === undefined ? 'Cannot connect to API: connect ECONNREFUSED' : `provider said: secret-internal-detail ${statusCode}`,
    url: 'https://api.example.test/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: options.headers,
    responseBody: '{"error":"secret-internal-detail"}',
    isRetryable: options.isRetryable,
    cause: options.cause,
  });
}

/** A fetch failure as undici raises it: `TypeError('fetch failed')` with the socket error as cause. */
function connectionRefused(): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }) });
}

describe('classifyError: provider failures by what to fix', () => {
  it.each([
    ['a refused connection (SDK wrapper)', apiCallError(undefined, { isRetryable: true, cause: connectionRefused() }), 'provider-unreachable', true],
    ['a refused connection (raw fetch)', connectionRefused(), 'provider-unreachable', true],
    ['a DNS failure', new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }) }), 'provider-unreachable', true],
    ['a transport timeout', Object.assign(new Error('timed out'), { name: 'TimeoutError' }), 'provider-unreachable', true],
    ['HTTP 429', apiCallError(429, { isRetryable: true }), 'provider-rate-limited', true],
    ['HTTP 401', apiCallError(401, { isRetryable: false }), 'provider-auth', false],
    ['HTTP 403', apiCallError(403, { isRetryable: false }), 'provider-auth', false],
    ['HTTP 500', apiCallError(500, { isRetryable: true }), 'provider-error', true],
    ['HTTP 503', apiCallError(503, { isRetryable: true }), 'provider-error', true],
    ['HTTP 400', apiCallError(400, { isRetryable: false }), 'provider-error', false],
    ['HTTP 404', apiCallError(404, { isRetryable: false }), 'provider-error', false],
    ['a stream cut mid-reply (HTTP 200, body terminated)', apiCallError(200, { isRetryable: true, cause: new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) }) }), 'provider-bad-response', true],
    ['a body terminated outside the SDK wrapper', new TypeError('terminated'), 'provider-bad-response', true],
    ['a stream without a finish reason', new InvalidResponseDataError({ data: {}, message: 'Response stream ended without a finish reason.' }), 'provider-bad-response', false],
    ['a body that does not parse', new JSONParseError({ text: '<html>secret-internal-detail</html>', cause: new SyntaxError('Unexpected token <') }), 'provider-bad-response', false],
    ['a stream that ended without a finish event', new IncompleteStreamError(), 'provider-bad-response', false],
    ['anything else', new RangeError('odd'), 'provider-error', false],
  ])('%s', (_case, error, kind, retryable) => {
    const classified = classifyError(error, model);
    expect(classified).toMatchObject({ kind, retryable, model });
    expect(classified.cause).toBe(error);
    // The provider's words (bodies, parser input, its messages) never reach the message.
    expect(classified.message).not.toContain('secret-internal-detail');
    expect(classified.message.startsWith(model)).toBe(true);
  });

  it('keeps the Retry-After of a 429 and the status of every HTTP failure', () => {
    expect(classifyError(apiCallError(429, { isRetryable: true, headers: { 'Retry-After': '7' } }), model)).toMatchObject({ retryAfterMs: 7000, statusCode: 429 });
    expect(classifyError(apiCallError(401), model)).toMatchObject({ statusCode: 401, message: `${model} failed with HTTP 401: unauthorized (check the API key)` });
  });

  it('names the connection error code of an unreachable provider, never its message', () => {
    expect(classifyError(connectionRefused(), model).message).toBe(`${model} could not be reached (ECONNREFUSED)`);
  });

  it('reports an endpoint the outbound policy refuses as configuration, not as the provider', () => {
    const refusal = new OutboundRefusedError('Refused to reach http://10.0.0.5/v1: 10.0.0.5 is private');
    expect(classifyError(new TypeError('fetch failed', { cause: refusal }), model)).toMatchObject({ kind: 'model-configuration', retryable: false });
  });
});
