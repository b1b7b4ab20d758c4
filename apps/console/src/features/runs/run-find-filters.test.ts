import { findRunStepsInputSchema, searchRunInputSchema, stepKinds } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { findStepApprovals, findStepKinds, parseRunFind, runFindQuery } from './run-find-filters';

const runId = '0190f5c4-0000-7000-8000-000000000001';

describe('run find bar in the URL', () => {
  it('reads the search and every filter, and writes the same query back beside the page’s own parameters', () => {
    const url = new URLSearchParams({ tab: 'timeline', step: '42', q: ' store unavailable ', kind: 'tool_call', tool: 'record_citation', errors: '1', approval: 'rejected' });
    const find = parseRunFind(url);
    expect(find).toEqual({ query: 'store unavailable', filters: { kind: 'tool_call', toolName: 'record_citation', errors: true, approval: 'rejected' } });
    const written = new URLSearchParams(runFindQuery(url, find));
    expect(written.get('tab')).toBe('timeline');
    expect(written.get('step')).toBe('42');
    expect(parseRunFind(written)).toEqual(find);
  });

  it('drops values the server would refuse instead of sending them (a hand-edited or stale link)', () => {
    const url = new URLSearchParams({ q: 'x', kind: 'dance', tool: 'a'.repeat(201), errors: 'yes', approval: 'maybe' });
    expect(parseRunFind(url)).toEqual({ query: '', filters: {} });
    expect(parseRunFind(new URLSearchParams({ q: 'y'.repeat(201) })).query).toBe('');
  });

  it('removes its parameters when cleared and keeps the rest', () => {
    const url = new URLSearchParams({ step: '7', kind: 'tool_call', errors: '1', q: 'invoice' });
    expect(runFindQuery(url, { query: 'invoice', filters: {} })).toBe('step=7&q=invoice');
    expect(runFindQuery(url, { query: '', filters: {} })).toBe('step=7');
  });

  it('offers exactly the kinds and approvals the server takes', () => {
    expect([...findStepKinds].sort()).toEqual([...stepKinds].sort());
    for (const kind of findStepKinds) expect(findRunStepsInputSchema.safeParse({ runId, kind }).success).toBe(true);
    for (const approval of findStepApprovals) expect(findRunStepsInputSchema.safeParse({ runId, approval }).success).toBe(true);
    expect(findRunStepsInputSchema.safeParse({ runId, approval: 'maybe' }).success).toBe(false);
    const parsed = parseRunFind(new URLSearchParams({ q: 'ab', tool: 'b'.repeat(200) }));
    expect(searchRunInputSchema.safeParse({ runId, query: parsed.query }).success).toBe(true);
    expect(findRunStepsInputSchema.safeParse({ runId, ...parsed.filters }).success).toBe(true);
  });
});
