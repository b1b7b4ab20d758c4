/**
 * Raised when the database cannot be opened or prepared. The message is one line a person can act on;
 * `kind` lets apps map it to an exit code or a 503 without parsing text.
 */
export type DatabaseErrorKind =
  | 'invalid-config'
  | 'unreachable'
  | 'locked'
  | 'migration-failed'
  | 'vector-unavailable';

export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';

  constructor(
    readonly kind: DatabaseErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
