import { describe, expect, it } from 'vitest';

import { childCallIdOf, qualifiedCallId } from './forward-child-step';

describe('qualified call ids of sub-agent calls', () => {
  const first = { parentCallId: 'd1', instanceId: 'run-1/child-1' };
  const second = { parentCallId: 'd1', instanceId: 'run-1/child-2' };

  it('differ between two sub-agents of one delegating call whose models number their calls alike', () => {
    expect(qualifiedCallId(first, 'demo-0-0')).toBe('d1/child-1/demo-0-0');
    expect(qualifiedCallId(second, 'demo-0-0')).toBe('d1/child-2/demo-0-0');
  });

  it('give back the child’s own call id, also one with slashes, and read ids of checkpoints saved before the instance was in them', () => {
    expect(childCallIdOf(qualifiedCallId(second, 'demo-0-0'), second)).toBe('demo-0-0');
    expect(childCallIdOf(qualifiedCallId(first, 'tools/call/7'), first)).toBe('tools/call/7');
    expect(childCallIdOf('d1/c1', first)).toBe('c1');
  });
});
