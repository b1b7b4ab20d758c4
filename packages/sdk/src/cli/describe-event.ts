import type { RunEvent } from '../types.ts';

/**
 * One terminal line for a run event, or null for events too chatty to print one by one (text
 * deltas: the final output is printed once at the end).
 */
export function describeEvent(event: RunEvent): string | null {
  if (event.type === 'text-delta') return null;
  const payload = event.payload;
  const text = (name: string) => (typeof payload[name] === 'string' ? payload[name] : undefined);
  const details: string[] = [];
  const tool = text('toolName') ?? text('name');
  if (tool) details.push(tool);
  const status = text('status') ?? text('decision');
  if (status) details.push(status);
  const reason = text('reason');
  if (reason) details.push(`(${reason})`);
  const approvalId = text('approvalId');
  if (event.type === 'approval-requested' && approvalId) details.push(`→ agentloom approvals approve ${approvalId}`);
  return `#${event.seq} ${event.type}${details.length > 0 ? ` ${details.join(' ')}` : ''}`;
}

/** What the progress line says the run is doing after this event. */
export function activityAfter(event: RunEvent, previous: string): string {
  switch (event.type) {
    case 'run-started':
    case 'step-started':
      return 'thinking';
    case 'tool-call-started':
      return 'calling a tool';
    case 'approval-requested':
      return 'waiting for approval';
    case 'approval-decided':
      return 'resuming';
    case 'run-finished':
      return 'finished';
    default:
      return previous;
  }
}
