import type { RunStatus } from '@agentloom/platform';

const statusLook: Record<RunStatus, { label: string; classes: string; dot: string }> = {
  queued: { label: 'Queued', classes: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40', dot: 'bg-zinc-400' },
  running: { label: 'Running', classes: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-500/30', dot: 'bg-sky-500 animate-pulse' },
  waiting_human: { label: 'Waiting for approval', classes: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/30', dot: 'bg-amber-500' },
  waiting: { label: 'Waiting', classes: 'bg-violet-50 text-violet-800 ring-violet-600/20 dark:bg-violet-500/10 dark:text-violet-300 dark:ring-violet-500/30', dot: 'bg-violet-500' },
  succeeded: { label: 'Succeeded', classes: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-400 dark:ring-emerald-500/30', dot: 'bg-emerald-500' },
  failed: { label: 'Failed', classes: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-400 dark:ring-red-500/30', dot: 'bg-red-500' },
  cancelled: { label: 'Cancelled', classes: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-600/40', dot: 'bg-zinc-500' },
};

export const runStatusLabel = (status: RunStatus): string => statusLook[status].label;

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const look = statusLook[status];
  return (
    <span data-status={status} className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${look.classes}`}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${look.dot}`} />
      {look.label}
    </span>
  );
}
