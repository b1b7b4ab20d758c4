import type { RunStatus } from '@agentloom/platform';

/**
 * The run statuses, for browser code. The platform exports the same lists, but importing a value
 * from `@agentloom/platform` would pull the database client into the browser bundle.
 */
export const runStatuses = ['queued', 'running', 'waiting_human', 'waiting', 'succeeded', 'failed', 'cancelled'] as const satisfies readonly RunStatus[];

export function isTerminalStatus(status: RunStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}
