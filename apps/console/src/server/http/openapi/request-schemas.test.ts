import { describe, expect, it } from 'vitest';

import { eraseRequestSchema, updateThreadRequestSchema } from './request-schemas';

describe('REST-only request schemas', () => {
  it('accepts a rename, an archive or both, and refuses an empty patch or un-archiving', () => {
    expect(updateThreadRequestSchema.parse({ title: 'Q3 planning' })).toEqual({ title: 'Q3 planning' });
    expect(updateThreadRequestSchema.parse({ archived: true })).toEqual({ archived: true });
    expect(updateThreadRequestSchema.safeParse({}).success).toBe(false);
    expect(updateThreadRequestSchema.safeParse({ archived: false }).success).toBe(false);
    expect(updateThreadRequestSchema.safeParse({ title: 'x'.repeat(201) }).success).toBe(false);
  });

  it('names an erase target and a uuid', () => {
    expect(eraseRequestSchema.safeParse({ target: 'run', id: '0190f5c4-0000-7000-8000-000000000000' }).success).toBe(true);
    expect(eraseRequestSchema.safeParse({ target: 'agent', id: '0190f5c4-0000-7000-8000-000000000000' }).success).toBe(false);
    expect(eraseRequestSchema.safeParse({ target: 'run', id: 'nope' }).success).toBe(false);
  });
});
