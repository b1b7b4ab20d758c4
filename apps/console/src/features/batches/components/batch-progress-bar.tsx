import type { BatchProgress } from '@agentloom/platform';

/** Finished items out of all, as a native progress bar (announced with its label) and the counts in words. */
export function BatchProgressBar({ progress, label }: { progress: BatchProgress; label: string }) {
  const finished = progress.succeeded + progress.failed + progress.cancelled;
  return (
    <div className="min-w-0 space-y-1">
      <progress
        aria-label={label}
        max={progress.total}
        value={finished}
        className="block h-2 w-full overflow-hidden rounded-full bg-zinc-200 accent-brand-600 dark:bg-zinc-800 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-zinc-200 dark:[&::-webkit-progress-bar]:bg-zinc-800 [&::-webkit-progress-value]:bg-brand-600"
      />
      <p className="text-xs text-zinc-600 dark:text-zinc-300" data-testid="batch-counts">
        {finished} of {progress.total} done · {progress.succeeded} succeeded · {progress.failed} failed
        {progress.cancelled > 0 ? ` · ${progress.cancelled} cancelled` : ''} · {progress.running} running · {progress.queued} queued
        {progress.waiting > 0 ? ` · ${progress.waiting} waiting` : ''}
      </p>
    </div>
  );
}
