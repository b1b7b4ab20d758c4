import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** The feature that brings this capability, named so nobody mistakes the empty page for a bug. */
  arrivesWith: string;
}

/** An honest empty page: what will be here, and which feature delivers it. No placeholder data. */
export function EmptyState({ icon, title, children, arrivesWith }: EmptyStateProps) {
  return (
    <section
      aria-label={title}
      className="mt-8 flex flex-col items-center rounded-xl border border-dashed border-zinc-300 bg-white px-6 py-16 text-center dark:border-zinc-700 dark:bg-zinc-900/40"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-400">
        {icon}
      </div>
      <h2 className="mt-4 text-base font-semibold">{title}</h2>
      <div className="mt-2 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-zinc-100 px-3 py-1 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
        Arrives with: {arrivesWith}
      </p>
    </section>
  );
}
