import { describe, expect, it } from 'vitest';

import { storedFailureMessage } from './failure-message';

describe('the stored message of a failed run', () => {
  const run = { id: '0190f3a2-0000-7000-8000-000000000001', attempt: 2 };

  it('keeps the message of a failure with a kind', () => {
    expect(storedFailureMessage('model-unavailable', new Error('The model endpoint answered 503'), run)).toBe('The model endpoint answered 503');
  });

  it('says where to look instead of repeating an internal error’s dump', () => {
    const dump = new Error('\nInvalid `prisma.approval.upsert()` invocation in\n/srv/agentloom/packages/platform/src/execution/engine/persist-step.ts:170:7\n  tenantId: "…"');
    const message = storedFailureMessage('internal', dump, run);
    expect(message).toBe(`Internal error in the executor; its log has the details (run ${run.id}, attempt 2)`);
    expect(message).not.toContain('prisma');
  });
});
