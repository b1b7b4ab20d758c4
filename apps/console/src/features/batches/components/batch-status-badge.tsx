import type { BatchView } from '@agentloom/platform';

const statusLook: Record<BatchView['status'], { label: string; classes: string }> = {
  running: { label: 'Running', classes: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-500/30' },
  completed: { label: 'Completed', classes: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-400 dark:ring-emerald-500/30' },
  cancelled: { label: 'Cancelled', classes: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40' },
};

export function BatchStatusBadge({ status }: { status: BatchView['status'] }) {
  const look = statusLook[status];
  return (
    <span data-batch-status={status} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${look.classes}`}>
      {look.label}
    </span>
  );
}
