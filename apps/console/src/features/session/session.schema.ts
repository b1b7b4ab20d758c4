import { z } from 'zod';

export const signInInputSchema = z.object({
  apiKey: z.string().trim().min(1, 'Enter an API key.').max(1024, 'That is too long to be an API key.'),
});

export type SignInInput = z.infer<typeof signInInputSchema>;

/** Sign-in fields as posted by the form: the key, and where to continue afterwards. */
export const signInFormSchema = signInInputSchema.extend({ next: z.string().optional() });

/**
 * Where to go after signing in: only a path on this site, so a crafted `?next=` link cannot send
 * a freshly signed-in user elsewhere.
 */
export function safeRedirectPath(candidate: string | null | undefined): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) {
    return '/runs';
  }
  return candidate;
}
