'use client';

import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';

interface SignInFormProps {
  /** Where to continue after signing in; already checked to be a path on this site. */
  redirectTo: string;
  /** A problem reported by a sign-in posted without JavaScript, to show in place. */
  initialError: string | null;
}

/**
 * Posts the key to /api/session, which sets the httpOnly cookie; errors are shown in place. The
 * form also names method and action, so a submit before hydration (or without JavaScript) posts
 * to the same route instead of putting the key into a GET URL.
 */
export function SignInForm({ redirectTo, initialError }: SignInFormProps) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError);
  const [submitting, setSubmitting] = useState(false);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const apiKeyField = new FormData(event.currentTarget).get('apiKey');
    const apiKey = typeof apiKeyField === 'string' ? apiKeyField : '';
    setSubmitting(true);
    setError(null);
    try {
      const response = await fetch('/api/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        setError(body?.error ?? `Sign-in failed (HTTP ${response.status}).`);
        return;
      }
      // The instance operator key opens the operator's tenants page instead (ADR 0041).
      const signedIn = (await response.json().catch(() => null)) as { operator?: boolean; redirectTo?: string } | null;
      router.replace((signedIn?.operator === true && signedIn.redirectTo ? signedIn.redirectTo : redirectTo) as Route);
      router.refresh();
    } catch {
      setError('The console did not answer. Check that it is running and try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      method="post"
      action="/api/session"
      onSubmit={(event) => void signIn(event)}
      className="space-y-4"
      noValidate
    >
      <input type="hidden" name="next" value={redirectTo} />
      <div>
        <label htmlFor="apiKey" className="block text-sm font-medium">
          API key
        </label>
        <input
          id="apiKey"
          name="apiKey"
          type="password"
          autoComplete="current-password"
          required
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error === null ? 'apiKey-hint' : 'apiKey-error'}
          className="mt-1.5 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-sm shadow-xs placeholder:text-zinc-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30 dark:border-zinc-700 dark:bg-zinc-900"
        />
        {error === null ? (
          <p id="apiKey-hint" className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            The admin key is printed when the console first starts and saved to the data directory as
            <code className="ml-1 rounded bg-zinc-100 px-1 py-0.5 dark:bg-zinc-800">admin-key</code>. Instance admins sign in with
            the operator key (<code className="rounded bg-zinc-100 px-1 py-0.5 dark:bg-zinc-800">operator-key</code>) to manage tenants.
          </p>
        ) : (
          <p id="apiKey-error" role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={submitting}
        className="flex w-full items-center justify-center rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white shadow-xs hover:bg-brand-700 disabled:opacity-60"
      >
        {submitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
