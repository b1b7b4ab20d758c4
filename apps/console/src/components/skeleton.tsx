/** A grey placeholder of the final content's size, so arriving data does not move the layout. */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-zinc-200 dark:bg-zinc-800 ${className}`} />;
}

/** Rows of skeletons for a list that is loading, announced once to assistive technology. */
export function SkeletonRows({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3 p-4">
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className="h-5 w-full" />
      ))}
    </div>
  );
}
