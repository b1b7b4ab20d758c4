import type { ReactNode } from 'react';

/** A failure shown where the data would have been, with the server's own message. */
export function ErrorNotice({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
    >
      <p className="font-medium">{title}</p>
      <p className="mt-0.5">{message}</p>
      {children}
    </div>
  );
}
