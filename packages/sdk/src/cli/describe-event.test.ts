import { describe, expect, it } from 'vitest';

import { exitCodeFor } from './commands/run-command.ts';
import { activityAfter, describeEvent } from './describe-event.ts';

const event = (type: string, payload: Record<string, string> = {}) => ({ seq: 7, type, payload, createdAt: '2026-01-01T00:00:00.000Z' });

describe('describeEvent', () => {
  it('prints one line per event with its tool, status and how to approve', () => {
    expect(describeEvent(event('approval-requested', { approvalId: 'a1', toolName: 'send_notification' }))).toBe(
      '#7 approval-requested send_notification → agentloom approvals approve a1',
    );
    expect(describeEvent(event('run-finished', { status: 'failed', reason: 'attempts exhausted' }))).toBe('#7 run-finished failed (attempts exhausted)');
    expect(describeEvent(event('text-delta', { text: 'Hel' }))).toBeNull();
  });

  it('says what the run is doing', () => {
    expect(activityAfter(event('approval-requested'), 'thinking')).toBe('waiting for approval');
    expect(activityAfter(event('checkpoint-saved'), 'thinking')).toBe('thinking');
  });
});

describe('exitCodeFor', () => {
  it('maps the final status to the exit code', () => {
    expect([exitCodeFor('succeeded'), exitCodeFor('failed'), exitCodeFor('cancelled')]).toEqual([0, 1, 3]);
  });
});
