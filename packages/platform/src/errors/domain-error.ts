/**
 * Errors the platform raises on purpose. Each carries a `kind` that transports (tRPC, REST) map
 * to a status code in exactly one place; anything without a kind is an internal error and its
 * message is never shown to clients.
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  /** The key is valid but its tenant is suspended by the instance operator (403). */
  | 'tenant-suspended'
  | 'not-found'
  | 'conflict'
  /** A memory search in `vector` mode on a database without pgvector (409: the server's state, not the input, is the problem). */
  | 'vector-search-unavailable'
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

const domainErrorKinds: ReadonlySet<string> = new Set<DomainErrorKind>([
  'validation',
  'unauthenticated',
  'forbidden',
  'tenant-suspended',
  'not-found',
  'conflict',
  'vector-search-unavailable',
  'rate-limited',
  'unavailable',
]);

/**
 * A brand check, not `instanceof`: bundlers (Next) can load this module more than once per process,
 * and an error thrown by one copy's class is not an instance of another copy's.
 */
export function isDomainError(error: unknown): error is DomainError {
  if (error instanceof DomainError) return true;
  if (!(error instanceof Error) || error.name !== 'DomainError') return false;
  const kind: unknown = (error as Error & { kind?: unknown }).kind;
  return typeof kind === 'string' && domainErrorKinds.has(kind);
}
