import type { RunStepView } from '@agentloom/platform';

import { stepKindLabel } from './timeline-colors';

/**
 * What a timeline row calls a step: the tools it called (`web_search ×2, fetch`) when it called
 * any, "asked for approval" when it stopped for a person, else its kind.
 */
export function stepLabel(step: Pick<RunStepView, 'kind' | 'status' | 'toolCalls'>): string {
  if (step.toolCalls.length > 0) {
    const counts = new Map<string, number>();
    for (const call of step.toolCalls) counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
    return [...counts].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
  }
  if (step.status === 'approval-request') return 'asked for approval';
  if (step.status === 'wait') return 'waiting';
  return stepKindLabel(step.kind);
}

/** The outcome worth a badge on the row: an error, or an approval decision. */
export function stepOutcome(step: Pick<RunStepView, 'hasError' | 'approval'>): { label: string; tone: 'error' | 'warning' | 'neutral' } | null {
  if (step.hasError) return { label: 'error', tone: 'error' };
  if (step.approval === 'rejected' || step.approval === 'expired') return { label: step.approval, tone: 'warning' };
  if (step.approval === 'pending') return { label: 'awaiting approval', tone: 'warning' };
  if (step.approval === 'approved') return { label: 'approved', tone: 'neutral' };
  return null;
}
