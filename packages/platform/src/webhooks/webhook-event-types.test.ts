import { describe, expect, it } from 'vitest';

import type { Prisma } from '@agentloom/db';

import type { StoredRunEvent } from '../events/run-event';
import { webhookBody, webhookEventFor } from './webhook-event-types';

const createdAt = new Date('2026-01-01T00:00:00.000Z');
const event = (type: string, payload: Prisma.JsonObject): StoredRunEvent => ({ runId: 'run-1', seq: 9, type, payload, createdAt });

describe('webhookEventFor', () => {
  it('maps a run ending by its status and approvals by their event', () => {
    expect(webhookEventFor(event('run-finished', { status: 'succeeded' }))?.type).toBe('run.completed');
    expect(webhookEventFor(event('run-finished', { status: 'failed' }))?.type).toBe('run.failed');
    expect(webhookEventFor(event('run-finished', { status: 'cancelled' }))?.type).toBe('run.cancelled');
    expect(webhookEventFor(event('approval-requested', { approvalId: 'a' }))?.type).toBe('approval.requested');
    expect(webhookEventFor(event('approval-decided', { approvalId: 'a' }))?.type).toBe('approval.decided');
  });

  it('ignores every other event', () => {
    for (const type of ['run-created', 'run-started', 'step-committed', 'text-delta', 'tool-call-finished'])
      expect(webhookEventFor(event(type, {}))).toBeUndefined();
    expect(webhookEventFor(event('run-finished', { status: 'weird' }))).toBeUndefined();
  });

  it('builds the body with a stable id and the run id in data', () => {
    const mapped = webhookEventFor(event('run-finished', { status: 'succeeded', output: { text: 'hi' } }))!;
    expect(webhookBody(mapped)).toEqual({
      id: 'run-1:9',
      type: 'run.completed',
      createdAt: '2026-01-01T00:00:00.000Z',
      data: { runId: 'run-1', status: 'succeeded', output: { text: 'hi' } },
    });
  });
});
