import type { RunStepView } from '@agentloom/platform';

/** How a step ended wins over what it was: failures and approvals must stand out in a long run. */
export function stepBarColor(step: Pick<RunStepView, 'status' | 'kind' | 'hasError'>): string {
  if (step.status === 'interrupted' || step.hasError) return 'bg-red-500';
  if (step.status === 'approval-request') return 'bg-amber-500';
  if (step.status === 'wait') return 'bg-violet-700';
  if (step.status === 'final-output') return 'bg-emerald-500';
  switch (step.kind) {
    case 'model_call':
      return 'bg-brand-500';
    case 'tool_call':
      return 'bg-sky-500';
    case 'compaction':
    case 'verification':
      return 'bg-violet-500';
    default:
      return 'bg-zinc-400';
  }
}

export const timelineLegend = [
  { label: 'Model call', color: 'bg-brand-500' },
  { label: 'Tool call', color: 'bg-sky-500' },
  { label: 'Compaction / verification', color: 'bg-violet-500' },
  { label: 'Asked for approval', color: 'bg-amber-500' },
  { label: 'Final answer', color: 'bg-emerald-500' },
  { label: 'Error / interrupted', color: 'bg-red-500' },
  { label: 'Waiting for a person (drawn short)', color: 'bg-amber-200 dark:bg-amber-900' },
  { label: 'Durable wait: timer or event (drawn short)', color: 'bg-violet-200 dark:bg-violet-900' },
] as const;

/** Step kinds are stored snake_case; show them as words. */
export function stepKindLabel(kind: string): string {
  return kind.replaceAll('_', ' ');
}
