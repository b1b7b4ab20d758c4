import { BrandMark } from '~/components/brand-mark';
import { WarningIcon } from '~/components/icons';

/** What the console shows instead of its pages while the database cannot be reached. */
export function DatabaseUnavailable({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-6">
      <div className="w-full max-w-lg">
        <BrandMark />
        <div
          role="alert"
          className="mt-6 rounded-xl border border-red-200 bg-white p-6 shadow-sm dark:border-red-900/60 dark:bg-zinc-900"
        >
          <div className="flex items-center gap-2 text-red-700 dark:text-red-400">
            <WarningIcon />
            <h1 className="text-base font-semibold">The database is unavailable</h1>
          </div>
          <p className="mt-3 text-sm">{message}</p>
          <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
            The console retries on every request; reload this page once the database is back.{' '}
            <a href="/api/health" className="font-mono text-brand-600 hover:underline dark:text-brand-400">
              /api/health
            </a>{' '}
            reports the same state for monitoring.
          </p>
        </div>
      </div>
    </main>
  );
}
