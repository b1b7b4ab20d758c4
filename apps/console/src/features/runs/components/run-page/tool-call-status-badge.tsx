const tone: Record<string, string> = {
  succeeded: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-400',
  approved: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-400',
  failed: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-400',
  rejected: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-400',
  expired: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-400',
  outcome_unknown: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-400',
  abandoned: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-400',
  awaiting_approval: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
  pending: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
  running: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300',
};

/** A ledger or approval status (snake_case in storage) as a small coloured label. */
export function ToolCallStatusBadge({ status }: { status: string }) {
  return (
    <span data-tool-status={status} className={`rounded px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap ${tone[status] ?? 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'}`}>
      {status.replaceAll('_', ' ')}
    </span>
  );
}
