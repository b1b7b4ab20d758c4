import { describe, expect, it } from 'vitest';

import { describeUrlForMessage, unparsableUrlText } from './url-for-message';

/**
 * A refusal's message reaches viewers (a failed run's error) and webhook receivers, while the URL
 * itself is readable only by who saved it: the message names the scheme, host and port, never a
 * credential carried in the userinfo, path, query or fragment.
 */
describe('describeUrlForMessage', () => {
  it.each([
    ['https://mcp.example.com/mcp/s/secret-path/mcp', 'https://mcp.example.com'],
    ['http://127.0.0.1:8123/mcp?token=secret-query', 'http://127.0.0.1:8123'],
    ['https://api.example.com/v1#secret-fragment', 'https://api.example.com'],
    ['https://user:secret-password@api.example.com:8443/v1', 'https://api.example.com:8443'],
    ['https://secret-user@api.example.com/', 'https://api.example.com'],
    // A default port is not written; scheme and host are lower-cased by URL parsing.
    ['HTTPS://API.Example.COM:443/v1', 'https://api.example.com'],
    ['http://[::1]:8080/mcp?token=secret-query', 'http://[::1]:8080'],
    ['http://user:secret-password@[2001:db8::1]/path', 'http://[2001:db8::1]'],
    ['http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]'],
    // Schemes the policy refuses are named the same way, with or without a host.
    ['ws://public.test/socket?token=secret-query', 'ws://public.test'],
    ['git://user:secret-password@code.example.com:9418/repo', 'git://code.example.com:9418'],
    ['mailto:secret-user@example.com', 'mailto:'],
    ['data:text/plain,secret-data', 'data:'],
  ])('%s → %s', (url, shown) => {
    expect(describeUrlForMessage(url)).toBe(shown);
    expect(describeUrlForMessage(new URL(url))).toBe(shown);
    expect(shown).not.toContain('secret');
  });

  it('does not echo input that does not parse as a URL', () => {
    for (const input of ['not a url secret-text', '/relative/secret-path', '', 'http://[::1/secret']) {
      expect(describeUrlForMessage(input)).toBe(unparsableUrlText);
    }
  });
});
