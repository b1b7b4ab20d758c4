import { useId, type ReactNode } from 'react';
import { StatusPill, type StatusTone } from '~/features/health/components/status-pill';

interface HealthCardProps {
  title: string;
  status: { tone: StatusTone; label: string };
  children: ReactNode;
}

/** One aspect of the health report; a labelled region so it can be found by its heading. */
export function HealthCard({ title, status, children }: HealthCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-sm font-semibold">
          {title}
        </h2>
        <StatusPill tone={status.tone}>{status.label}</StatusPill>
      </div>
      <dl className="mt-4 space-y-3 text-sm">{children}</dl>
    </section>
  );
}

/** A label/value row inside a HealthCard. */
export function HealthFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
