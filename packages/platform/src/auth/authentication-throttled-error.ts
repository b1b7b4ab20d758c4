import { DomainError } from '../errors/domain-error';

/**
 * Too many failed authentications from this client address or on this key: `rate-limited`, with
 * the seconds until the window ends, which transports send as `Retry-After`.
 */
export class AuthenticationThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate-limited', `Too many failed sign-in attempts; retry after ${retryAfterSeconds} s.`);
  }
}
