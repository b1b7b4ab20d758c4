/**
 * Errors the platform raises on purpose. Each carries a `kind` that transports (tRPC, REST) map
 * to a status code in exactly one place; anything without a kind is an internal error and its
 * message is never shown to clients.
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'unavailable';

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The input field the error is about, when there is one (dotted path, e.g. `input.agentId`). */
    readonly field?: string,
  ) {
    super(message);
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
