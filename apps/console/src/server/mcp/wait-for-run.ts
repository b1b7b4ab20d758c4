import type { StoredRunEvent } from '@agentloom/platform';
import type { ProgressToken } from '@modelcontextprotocol/sdk/types.js';
import { streamSignal } from '~/server/http/stream-signal';

import type { McpToolContext } from './mcp-tool';

/** Why a wait ended: the run finished, it now waits for a person, or the wait ran out first. */
export type WaitOutcome = 'finished' | 'waiting-for-approval' | 'timed-out' | 'aborted';

/** Streaming text arrives in many small events: progress names steps and tool calls, not tokens. */
const quietEventTypes = new Set(['text-delta']);

/**
 * Follows a run's event log (the same replay-then-tail stream as `GET /runs/{id}/events`) until
 * the run finishes or asks for an approval, sending an MCP progress notification per event when
 * the client gave a progress token (`progress` is the event's seq, so it only grows). Ends early
 * when the client cancels or goes away, when the caller's key is revoked, or after `timeoutSeconds`.
 */
export async function waitForRun(context: McpToolContext, runId: string, timeoutSeconds: number): Promise<WaitOutcome> {
  const { platform, principal, extra } = context;
  const abort = streamSignal(platform, principal, context.requestSignal);
  const stopOnCancel = () => abort.abort();
  extra.signal.addEventListener('abort', stopOnCancel, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutSeconds * 1_000);
  const progressToken = extra._meta?.progressToken;
  try {
    const items = await platform.runEvents.stream(principal, { runId, afterSeq: 0 }, abort.signal);
    for await (const item of items) {
      if (item.kind !== 'events') continue;
      for (const event of item.events) {
        if (progressToken !== undefined && !quietEventTypes.has(event.type)) await sendProgress(context, progressToken, event);
        if (event.type === 'run-finished') return 'finished';
        // The request and the run's `waiting_human` commit together; a replayed request the run has
        // since moved past (decided, or an outcome question on a run that went on) is not a reason to stop.
        if (event.type === 'approval-requested' && (await platform.runs.get(principal, { runId })).status === 'waiting_human') {
          return 'waiting-for-approval';
        }
      }
    }
    return timedOut ? 'timed-out' : 'aborted';
  } finally {
    clearTimeout(timer);
    extra.signal.removeEventListener('abort', stopOnCancel);
    // Ends the subscription when the loop returned early (approval, finish).
    abort.abort();
  }
}

function sendProgress(context: McpToolContext, progressToken: ProgressToken, event: StoredRunEvent): Promise<void> {
  return context.extra.sendNotification({
    method: 'notifications/progress',
    params: { progressToken, progress: event.seq, message: progressMessage(event) },
  });
}

/** One line a client can show: the event type and, when the payload names one, the step or tool. */
function progressMessage(event: StoredRunEvent): string {
  const payload = typeof event.payload === 'object' && event.payload !== null && !Array.isArray(event.payload) ? event.payload : {};
  const details = [payload.kind, payload.toolName ?? payload.name, payload.status].filter((value): value is string => typeof value === 'string' && value !== '');
  return details.length === 0 ? event.type : `${event.type}: ${details.join(' ')}`;
}
