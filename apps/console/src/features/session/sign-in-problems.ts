import type { DomainErrorKind } from '@agentloom/platform';

/**
 * Why a sign-in failed, as a short code. A form submitted without JavaScript comes back to
 * /sign-in with `?problem=<code>`; only these fixed messages are shown, never text from the URL.
 */
export const signInProblems = {
  'invalid-key': 'That API key is not valid. Check it and try again.',
  'missing-key': 'Enter an API key.',
  unavailable: 'The database is unavailable; try again in a moment.',
  suspended: 'This tenant is suspended by the instance operator; its keys cannot sign in.',
  throttled: 'Too many failed sign-in attempts from here; wait a minute and try again.',
  failed: 'Sign-in failed. Try again, and check the console log if it keeps failing.',
} as const;

export type SignInProblem = keyof typeof signInProblems;

export function signInProblemFor(kind: DomainErrorKind | undefined): SignInProblem {
  if (kind === 'unauthenticated') return 'invalid-key';
  if (kind === 'validation') return 'missing-key';
  if (kind === 'unavailable') return 'unavailable';
  if (kind === 'rate-limited') return 'throttled';
  if (kind === 'tenant-suspended') return 'suspended';
  return 'failed';
}

export function signInProblemMessage(code: string | undefined): string | null {
  return code !== undefined && code in signInProblems ? signInProblems[code as SignInProblem] : null;
}
