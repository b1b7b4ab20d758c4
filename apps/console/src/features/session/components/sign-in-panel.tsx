import { BrandMark } from '~/components/brand-mark';
import { SignInForm } from '~/features/session/components/sign-in-form';

interface SignInPanelProps {
  redirectTo: string;
  /** What went wrong with a sign-in posted without JavaScript, if anything. */
  problemMessage: string | null;
  /** Set when the database cannot be reached, so the visitor knows signing in will fail. */
  unavailableMessage: string | null;
}

export function SignInPanel({ redirectTo, problemMessage, unavailableMessage }: SignInPanelProps) {
  return (
    <main className="flex min-h-screen items-center justify-center px-6 py-12">
      <div className="w-full max-w-sm">
        <BrandMark />
        <div className="mt-6 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <h1 className="text-lg font-semibold tracking-tight">Sign in to the console</h1>
          <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
            Use an API key of your tenant. Its role decides what you can do here.
          </p>
          {unavailableMessage !== null ? (
            <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-300">
              The database is unavailable: {unavailableMessage}
            </p>
          ) : null}
          <SignInForm redirectTo={redirectTo} initialError={problemMessage} />
        </div>
        <p className="mt-6 text-center text-xs text-zinc-500 dark:text-zinc-400">
          AgentLoom, a self-hosted durable agent runtime
        </p>
      </div>
    </main>
  );
}
