import type { Platform, Principal } from '@agentloom/platform';

/**
 * The signal a live stream (SSE route, tRPC subscription) runs under: aborted when the client goes
 * away, and when the caller's key is revoked or session ends on any console process — a stream
 * outlives the authentication of the request that opened it.
 */
export function streamSignal(platform: Platform, principal: Principal, clientSignal: AbortSignal | undefined): AbortController {
  const abort = new AbortController();
  if (clientSignal?.aborted) abort.abort();
  else clientSignal?.addEventListener('abort', () => abort.abort(), { once: true });
  platform.auth.endWhenRevoked(principal, abort);
  return abort;
}
