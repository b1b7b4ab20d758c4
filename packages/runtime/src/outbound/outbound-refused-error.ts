/**
 * A URL or address the outbound policy will not reach. `code` lets it travel through a socket's
 * `lookup` callback like a DNS error, so a refusal at connect time can be recognised afterwards.
 */
export class OutboundRefusedError extends Error {
  readonly kind = 'url-refused';
  readonly code = 'EOUTBOUNDREFUSED';

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'OutboundRefusedError';
  }
}

/** The refusal inside an error chain (fetch wraps connection errors in `TypeError: fetch failed`). */
export function findOutboundRefusal(error: unknown): OutboundRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current instanceof OutboundRefusedError) return current;
    if ((current as { code?: unknown }).code === 'EOUTBOUNDREFUSED') return new OutboundRefusedError(current.message, { cause: current });
    current = current.cause;
  }
  return undefined;
}
