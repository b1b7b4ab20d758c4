import { z } from 'zod';

export const signInInputSchema = z.object({
  apiKey: z.string().trim().min(1, 'Enter an API key.').max(1024, 'That is too long to be an API key.'),
});

export type SignInInput = z.infer<typeof signInInputSchema>;

/** Sign-in fields as posted by the form: the key, and where to continue afterwards. */
export const signInFormSchema = signInInputSchema.extend({ next: z.string().optional() });

/** A base no real request has: what a candidate resolves against to see whether it leaves the site. */
const probeOrigin = 'http://console.invalid';

/**
 * Where to go after signing in: only a path on this site, so a crafted `?next=` link cannot send
 * a freshly signed-in user elsewhere. The candidate is judged as a browser reads it: browsers drop
 * tabs and line breaks from a URL and read a backslash as a slash, so `/\t/evil.example` is
 * `//evil.example`, another site. Such characters are refused outright, and what is left must
 * resolve to this site; the path returned is the resolved one.
 */
export function safeRedirectPath(candidate: string | null | undefined): string {
  const fallback = '/runs';
  if (!candidate || !candidate.startsWith('/') || hasControlOrBackslash(candidate)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(candidate, probeOrigin);
  } catch {
    return fallback;
  }
  // The resolved path is judged again: `/./..//evil.example` stays on the site here, but resolves to
  // the path `//evil.example`, which a browser given it alone reads as another site.
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return resolved.origin === probeOrigin && !path.startsWith('//') ? path : fallback;
}

/** C0 controls, DEL, and the backslash: what a browser drops from a URL or reads as something else. */
function hasControlOrBackslash(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code <= 0x1f || code === 0x7f || character === '\\') return true;
  }
  return false;
}
