import type { ReactNode } from 'react';

interface CallToActionProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** What to do about the emptiness, e.g. a "New run" button. */
  action?: ReactNode;
}

/** An empty list that says what to do next. */
export function CallToAction({ icon, title, children, action }: CallToActionProps) {
  return (
    <section
      aria-label={title}
      className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 bg-white px-6 py-14 text-center dark:border-zinc-700 dark:bg-zinc-900/40"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-400">
        {icon}
      </div>
      <h2 className="mt-4 text-base font-semibold">{title}</h2>
      <div className="mt-2 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      {action ? <div className="mt-6">{action}</div> : null}
    </section>
  );
}
