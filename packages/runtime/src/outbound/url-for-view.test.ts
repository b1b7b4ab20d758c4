import { describe, expect, it } from 'vitest';

import { unparsableUrlText } from './url-for-message';
import { carriesRedactedPart, redactUrlCredentials } from './url-for-view';

/**
 * A saved webhook or MCP server URL is listed back to admins, written into audit entries and shown
 * on console pages; the server calls the full URL, but no view may hand back the credential a
 * hosted service put into it. Every case's secret part contains "secret" (or is a token).
 */
describe('redactUrlCredentials', () => {
  it.each([
    // userinfo, plain and percent-encoded; the username goes too (it may be the key, as in `https://<key>@host`)
    ['https://user:secret-password@hooks.example.com/x', 'https://***:***@hooks.example.com/x'],
    ['https://secret-user@hooks.example.com/x', 'https://***@hooks.example.com/x'],
    ['https://:secret-password@hooks.example.com/x', 'https://:***@hooks.example.com/x'],
    ['https://us%40er:p%40ss%3Asecret@hooks.example.com/x', 'https://***:***@hooks.example.com/x'],
    ['https://user:secret@hooks.example.com/x?token=secret-query', 'https://***:***@hooks.example.com/x?token=***'],
    // every query value, names kept in order, repeated names each redacted, empty values and items kept
    ['https://hooks.example.com/x?token=secret-a&region=eu', 'https://hooks.example.com/x?token=***&region=***'],
    ['https://hooks.example.com/x?sig=secret-1&sig=secret-2&sig=', 'https://hooks.example.com/x?sig=***&sig=***&sig='],
    ['https://hooks.example.com/x?a=1&&b=secret=with=equals', 'https://hooks.example.com/x?a=***&&b=***'],
    // an item without `=` is a value too (`?<token>`)
    ['https://hooks.example.com/x?secrettoken', 'https://hooks.example.com/x?***'],
    // no query; a bare `?` is no query
    ['https://hooks.example.com/hooks/agentloom', 'https://hooks.example.com/hooks/agentloom'],
    ['https://hooks.example.com/x?', 'https://hooks.example.com/x'],
    // fragments are never sent, but a pasted one may hold a secret
    ['https://hooks.example.com/x#secret-fragment', 'https://hooks.example.com/x#***'],
    ['https://hooks.example.com/x?k=secret#secret-fragment', 'https://hooks.example.com/x?k=***#***'],
    // IPv6 hosts and ports stay as the URL parser writes them; a default port is dropped
    ['http://user:secret@[2001:db8::1]:8443/mcp?token=secret', 'http://***:***@[2001:db8::1]:8443/mcp?token=***'],
    ['http://[::1]:8080/mcp', 'http://[::1]:8080/mcp'],
    ['HTTPS://Hooks.Example.COM:443/x', 'https://hooks.example.com/x'],
    // credentials in the path: long segments with a digit or mixed case; short or wordy ones stay
    ['https://hooks.slack.com/services/T00000000/B00000000/XXXXsecretXXXXXXXXXXXXXX', 'https://hooks.slack.com/services/T00000000/B00000000/***'],
    ['https://discord.com/api/webhooks/123456789012345678/secret-abcDEF123456789', 'https://discord.com/api/webhooks/***/***'],
    ['https://mcp.example.com/mcp/s/sk9secretsecretsecret/mcp', 'https://mcp.example.com/mcp/s/***/mcp'],
    ['https://hooks.example.com/h/0190f5c4-0000-7000-8000-00000000000b', 'https://hooks.example.com/h/***'],
    ['https://hooks.example.com/v1/notifications-webhook/run', 'https://hooks.example.com/v1/notifications-webhook/run'],
  ])('%s → %s', (url, shown) => {
    expect(redactUrlCredentials(url)).toBe(shown);
    expect(redactUrlCredentials(new URL(url))).toBe(shown);
    expect(shown.toLowerCase()).not.toContain('secret');
  });

  it('names a URL without a host by its scheme', () => {
    expect(redactUrlCredentials('mailto:secret-user@example.com')).toBe('mailto:');
    expect(redactUrlCredentials('data:text/plain,secret-data')).toBe('data:');
  });

  it('never throws and never echoes input that does not parse', () => {
    for (const input of ['not a url secret-text', '/relative/secret-path', '', 'http://[::1/secret', 'http://user:secret@']) {
      expect(redactUrlCredentials(input)).toBe(unparsableUrlText);
    }
    // A caller with loose types (a JSON column) must not crash a listing either.
    expect(redactUrlCredentials(null as unknown as string)).toBe(unparsableUrlText);
  });

  it('is stable: a redacted URL redacts to itself, and carries the mark', () => {
    const shown = redactUrlCredentials('https://user:secret@hooks.example.com/x/abcdefgh12345678?token=secret#f');
    expect(redactUrlCredentials(shown)).toBe(shown);
    expect(carriesRedactedPart(shown)).toBe(true);
    expect(carriesRedactedPart('https://hooks.example.com/x?token=abc')).toBe(false);
  });
});
