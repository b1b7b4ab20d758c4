import { describe, expect, it } from 'vitest';

import { parseInput } from '../validation/parse-input';
import { createMcpServerInputSchema, updateMcpServerInputSchema } from './mcp-server.schema';

const mcpServerId = '0190c6f1-8a5e-7000-8000-000000000001';
const create = (headers: Record<string, string>) => ({ name: 'remote', transport: 'streamable-http', url: 'https://mcp.example.com/mcp', headers });

describe('MCP server header values', () => {
  // Each one would be stored, and every later connection would fail inside fetch with a TypeError.
  const uncarriable = {
    'a CR/LF pair': 'Bearer abc\r\nX-Injected: 1',
    'a bare LF': 'Bearer abc\nmore',
    'a NUL': 'Bearer a\u0000b',
    'a DEL': 'Bearer a\u007fb',
    'a character outside Latin-1': 'Bearer \u20ac',
  };

  it.each(Object.entries(uncarriable))('refuses %s at create and at update, naming the header', (_label, value) => {
    expect(() => parseInput(createMcpServerInputSchema, create({ Authorization: value }))).toThrow(
      expect.objectContaining({ kind: 'validation', field: 'headers.Authorization' }),
    );
    expect(() => parseInput(updateMcpServerInputSchema, { mcpServerId, headers: { Authorization: value } })).toThrow(
      expect.objectContaining({ kind: 'validation', field: 'headers.Authorization' }),
    );
  });

  it('keeps every value HTTP carries: visible ASCII, spaces and tabs, Latin-1; null still removes', () => {
    const value = 'Bearer a-Z_0.9~+/= \tcaf\u00e9 \u00ff';
    expect(parseInput(createMcpServerInputSchema, create({ Authorization: value }))).toMatchObject({ headers: { Authorization: value } });
    expect(parseInput(updateMcpServerInputSchema, { mcpServerId, headers: { Authorization: value, 'X-Old': null } })).toMatchObject({
      headers: { Authorization: value, 'X-Old': null },
    });
  });

  it('refuses a header name that is not an HTTP token', () => {
    expect(() => parseInput(createMcpServerInputSchema, create({ 'X Bad': 'v' }))).toThrow(expect.objectContaining({ kind: 'validation' }));
  });
});
