/** What a message says in place of input that does not parse as a URL (the input itself may be a secret). */
export const unparsableUrlText = '(unparsable URL)';

/**
 * How an error message names an outbound URL: `scheme://host[:port]` and nothing more. Userinfo,
 * path, query and fragment are dropped because hosted services put their credential there
 * (`…/mcp/s/<secret>/mcp`, `?token=…`), and a refusal's message travels far beyond the admin who
 * saved the URL: into a failed run's error (read by viewers, sent in `run.failed` webhooks), a
 * webhook delivery's `lastError` and tool results the model reads. Input that does not parse is
 * not echoed at all. A URL without a host (`mailto:`, `data:`) is named by its scheme.
 */
export function describeUrlForMessage(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = url instanceof URL ? url : new URL(url);
  } catch {
    return unparsableUrlText;
  }
  // `host` is hostname plus a non-default port, IPv6 in brackets, never the userinfo. `origin`
  // would say "null" for schemes without one (`ws:` has one, `git:` not).
  return parsed.host === '' ? parsed.protocol : `${parsed.protocol}//${parsed.host}`;
}
