/**
 * Why a call to a model provider failed, as an operator acts on it:
 * - `provider-unreachable`: no answer at all (connection refused or reset, DNS, timeout) — check the
 *   endpoint or wait for it to come back;
 * - `provider-rate-limited`: HTTP 429 — wait, or raise the quota;
 * - `provider-auth`: HTTP 401/403 — the API key is wrong, expired or lacks access;
 * - `provider-bad-response`: the provider answered, but not with an API reply (an HTML page, a body
 *   that does not parse, a stream cut before it finished) — usually a wrong base URL or a proxy;
 * - `provider-error`: any other refusal or server error (4xx, 5xx).
 */
export type ProviderErrorKind = 'provider-unreachable' | 'provider-rate-limited' | 'provider-auth' | 'provider-bad-response' | 'provider-error';

/** Every provider error kind, for narrowing kinds read from other modules' errors. */
export const providerErrorKinds: readonly ProviderErrorKind[] = ['provider-unreachable', 'provider-rate-limited', 'provider-auth', 'provider-bad-response', 'provider-error'];

/** True when `kind` is one of the provider error kinds. */
export function isProviderErrorKind(kind: unknown): kind is ProviderErrorKind {
  return typeof kind === 'string' && (providerErrorKinds as readonly string[]).includes(kind);
}
