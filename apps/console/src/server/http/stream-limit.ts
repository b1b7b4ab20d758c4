import { DomainError } from '@agentloom/platform';
import { getEnvironment } from '~/env';
import { StreamSlots, type StreamSlot } from '~/server/http/stream-slots';

/**
 * The `Retry-After` of a refused stream. A slot frees when one of the key's own streams ends, which
 * no clock predicts; a few seconds lets a client's dropped connection be noticed and its slot freed
 * before it reconnects, without parking a follower for long.
 */
export const streamLimitRetryAfterSeconds = 5;

/**
 * A `rate-limited` refusal of one more concurrent stream: the body names the limit and how to free a
 * slot; `retryAfterSeconds` becomes the `Retry-After` header (REST, tRPC and MCP read it through
 * `retryAfterSecondsOf`), so a client that reconnects by itself, like the SDK's run stream, backs off.
 */
export class StreamLimitError extends DomainError {
  readonly retryAfterSeconds = streamLimitRetryAfterSeconds;

  constructor(readonly perKey: number) {
    super(
      'rate-limited',
      `This API key already has ${perKey} event streams open (AGENTLOOM_STREAMS_PER_KEY); close one before opening another.`,
    );
  }
}

const holderKey = Symbol.for('agentloom.console.stream-slots');

/** One table per process: Next evaluates modules several times, and each copy must share the counts. */
function streamSlots(): StreamSlots {
  const scope = globalThis as typeof globalThis & { [holderKey]?: StreamSlots };
  scope[holderKey] ??= new StreamSlots(getEnvironment().streams.perKey);
  return scope[holderKey];
}

/**
 * Takes one of the key's concurrent stream slots (REST SSE and tRPC subscriptions share them),
 * instead of a token of its request budget; throws 429 when they are all held.
 */
export function holdStreamSlot(apiKeyId: string): StreamSlot {
  const slots = streamSlots();
  const slot = slots.acquire(apiKeyId);
  if (!slot) throw new StreamLimitError(slots.perKey);
  return slot;
}
