import { describeUrlForMessage, unparsableUrlText } from './url-for-message';

/** What a view shows in place of a part of a URL that may be a credential. */
export const redactedUrlPart = '***';

/** Path segments at least this long may be credentials; shorter ones are names, ids and versions. */
const opaqueSegmentMinimumLength = 16;

/**
 * How a view (API answer, console page, audit entry) shows a saved outbound URL: the server keeps
 * and calls the full URL, but hosted services put their credential in it, so a listing must not
 * hand it back. Kept: scheme, host, port, the path's readable segments and query parameter names,
 * so an admin still recognizes the endpoint. Shown as `***`:
 *
 * - the username and the password, when present (`https://***:***@host/…`);
 * - every query value, and every query item without `=`: names do not tell secrets apart
 *   (`sig`, `code`, `X-Amz-Credential`, `sv`, a bare `?<token>`), so none is trusted;
 * - a path segment of 16 or more characters holding a digit or both cases (Slack's
 *   `/services/T…/B…/<token>`, Discord's `/webhooks/<id>/<token>`, `…/mcp/s/<secret>/mcp`, UUIDs);
 * - the fragment.
 *
 * A URL without a host is named by its scheme; input that does not parse becomes
 * `unparsableUrlText`. Never throws, so a stored value that no longer parses cannot break a list.
 */
export function redactUrlCredentials(url: string | URL): string {
  try {
    const parsed = url instanceof URL ? url : new URL(url);
    if (parsed.host === '') return describeUrlForMessage(parsed);
    const userinfo = redactedUserinfo(parsed);
    const path = parsed.pathname
      .split('/')
      .map((segment) => (isOpaque(segment) ? redactedUrlPart : segment))
      .join('/');
    const query = parsed.search === '' ? '' : `?${redactedQuery(parsed.search.slice(1))}`;
    const fragment = parsed.hash === '' ? '' : `#${redactedUrlPart}`;
    return `${parsed.protocol}//${userinfo}${parsed.host}${path}${query}${fragment}`;
  } catch {
    return unparsableUrlText;
  }
}

/**
 * Whether `url` holds the mark a view writes for a hidden part. An update that gets a URL back
 * with the mark in it must not store it: the mark is not the credential it stands for.
 */
export function carriesRedactedPart(url: string): boolean {
  return url.includes(redactedUrlPart);
}

function redactedUserinfo(parsed: URL): string {
  if (parsed.username === '' && parsed.password === '') return '';
  const username = parsed.username === '' ? '' : redactedUrlPart;
  const password = parsed.password === '' ? '' : `:${redactedUrlPart}`;
  return `${username}${password}@`;
}

/** Works on the raw text, not `URLSearchParams`, so names keep their spelling and order. */
function redactedQuery(query: string): string {
  return query
    .split('&')
    .map((item) => {
      if (item === '') return item;
      const equals = item.indexOf('=');
      if (equals === -1) return redactedUrlPart;
      const name = item.slice(0, equals);
      return item.length > equals + 1 ? `${name}=${redactedUrlPart}` : `${name}=`;
    })
    .join('&');
}

/** Long, and not a word: a token, key, hash or UUID. Percent-escapes count as digits. */
function isOpaque(segment: string): boolean {
  if (segment.length < opaqueSegmentMinimumLength) return false;
  return /\d/.test(segment) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment));
}
