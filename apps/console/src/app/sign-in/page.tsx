import type { Metadata, Route } from 'next';
import { redirect } from 'next/navigation';
import { SignInPanel } from '~/features/session/components/sign-in-panel';
import { safeRedirectPath } from '~/features/session/session.schema';
import { signInProblemMessage } from '~/features/session/sign-in-problems';
import { getConsoleAccess } from '~/server/session/console-access';
import { getOperatorAccess } from '~/server/session/operator-access';
import { isOperatorPath } from '~/server/session/operator-pages';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

interface SignInPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function SignInPage({ searchParams }: SignInPageProps) {
  const { next, problem } = await searchParams;
  const redirectTo = safeRedirectPath(typeof next === 'string' ? next : null);
  // Only the session the destination needs counts: a tenant session does not open the operator's
  // pages (and the other way round), so redirecting on it would loop back here.
  const access = isOperatorPath(redirectTo) ? await getOperatorAccess() : await getConsoleAccess();
  if (access.kind === 'signed-in') redirect(redirectTo as Route);
  return (
    <SignInPanel
      redirectTo={redirectTo}
      problemMessage={signInProblemMessage(typeof problem === 'string' ? problem : undefined)}
      unavailableMessage={access.kind === 'unavailable' ? access.message : null}
    />
  );
}
