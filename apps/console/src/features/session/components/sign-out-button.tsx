'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { SignOutIcon } from '~/components/icons';

export function SignOutButton() {
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await fetch('/api/session', { method: 'DELETE' });
    } finally {
      // Even if the request failed, leave the console: the layout re-checks the cookie anyway.
      router.replace('/sign-in');
      router.refresh();
    }
  }

  return (
    <button
      type="button"
      onClick={() => void signOut()}
      disabled={signingOut}
      className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100"
    >
      <SignOutIcon />
      {signingOut ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
