import type { OperatorPrincipal } from '@agentloom/platform';
import type { ReactNode } from 'react';
import { BrandMark } from '~/components/brand-mark';
import { SignOutButton } from '~/features/session/components/sign-out-button';

/**
 * The frame of the operator's pages: no tenant navigation (the operator reads no tenant's data,
 * ADR 0035), only who is signed in and the way out.
 */
export function OperatorShell({ operator, children }: { operator: OperatorPrincipal; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-zinc-200 px-4 py-3 sm:px-6 md:px-10 dark:border-zinc-800">
        <div className="flex items-center gap-3">
          <BrandMark />
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">Instance operator</span>
        </div>
        <div className="flex items-center gap-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Signed in with <span className="font-medium text-zinc-900 dark:text-zinc-100">{operator.operatorKeyName}</span>
          </p>
          <div>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="content" className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 py-6 sm:px-6 sm:py-8 md:px-10">
        {children}
      </main>
    </div>
  );
}
