import { retryAfterSeconds } from './retry-after.ts';

/** The body every AgentLoom API error has. */
export interface ApiErrorBody {
  error: { kind: string; message: string; field?: string };
}

/**
 * An API call that did not succeed. `kind` is the server's error kind (`validation`, `not-found`,
 * `forbidden`, `conflict`, …), or `network` when no response arrived (then `status` is 0). An id the
 * SDK refuses before sending (empty, `.` or `..`) is kind `validation` with `status` 0.
 */
export class AgentLoomApiError extends Error {
  override readonly name = 'AgentLoomApiError';
  readonly kind: string;
  readonly status: number;
  /** The input field at fault, for validation errors. */
  readonly field: string | undefined;
  /** The server's `X-Request-Id`: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /**
   * The server's `Retry-After` in seconds (a date is turned into the seconds until then), as a 429
   * or 503 carries it: wait at least this long before trying again. Undefined without the header.
   */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    kind: string;
    message: string;
    status: number;
    field?: string | undefined;
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
    cause?: unknown;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind;
    this.status = options.status;
    this.field = options.field;
    this.requestId = options.requestId;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Reads an error response into an AgentLoomApiError, whatever its body turned out to be. */
export async function apiErrorFrom(response: Response): Promise<AgentLoomApiError> {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  const text = await response.text().catch(() => '');
  try {
    const { error } = JSON.parse(text) as ApiErrorBody;
    if (typeof error?.kind === 'string') return new AgentLoomApiError({ ...error, status: response.status, requestId, retryAfterSeconds: retryAfter });
  } catch {
    // Not our JSON (a proxy's HTML page): fall through to a generic error with the status.
  }
  return new AgentLoomApiError({
    kind: 'http',
    message: `HTTP ${response.status}: ${text.slice(0, 200)}`,
    status: response.status,
    requestId,
    retryAfterSeconds: retryAfter,
  });
}
