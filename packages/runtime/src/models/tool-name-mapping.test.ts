import { describe, expect, it } from 'vitest';
import { createToolNameMapping } from './tool-name-mapping';

const definition = (name: string) => ({ name, description: '', inputSchema: { type: 'object' } });

describe('tool name mapping', () => {
  it('makes dotted names provider-safe and maps them back', () => {
    const names = createToolNameMapping([definition('mcp.github.search'), definition('builtin.plan_update')]);
    expect(names.toProvider('mcp.github.search')).toBe('mcp_github_search');
    expect(names.fromProvider('mcp_github_search')).toBe('mcp.github.search');
    expect(names.fromProvider('builtin_plan_update')).toBe('builtin.plan_update');
  });

  it('keeps colliding names distinct and long names within 64 characters', () => {
    const long = `mcp.${'x'.repeat(80)}`;
    const names = createToolNameMapping([definition('a.b'), definition('a_b'), definition(long)]);
    expect(names.toProvider('a.b')).toBe('a_b');
    expect(names.toProvider('a_b')).toBe('a_b_2');
    expect(names.fromProvider('a_b_2')).toBe('a_b');
    expect(names.toProvider(long)).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(names.fromProvider(names.toProvider(long))).toBe(long);
  });

  it('passes unknown provider names through for the host to reject', () => {
    expect(createToolNameMapping([]).fromProvider('made_up')).toBe('made_up');
  });
});
