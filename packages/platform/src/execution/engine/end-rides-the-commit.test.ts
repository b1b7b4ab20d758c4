import { describe, expect, it } from 'vitest';

import { endRidesTheCommit } from './tool-ledger-hooks';

/** ADR 0093: only a repeatable, own, uninterrupted call that ends last is left to the step commit. */
describe('endRidesTheCommit', () => {
  const lone = { interruption: undefined, delegated: false, othersRunning: false };

  it('leaves a lone `none` or `idempotent` call that ended normally to the commit', () => {
    expect(endRidesTheCommit('none', lone)).toBe(true);
    expect(endRidesTheCommit('idempotent', lone)).toBe(true);
  });

  it('writes every other end at once', () => {
    expect(endRidesTheCommit('unsafe', lone)).toBe(false);
    // A tool the registry no longer knows is treated as unsafe, as the ledger's start does.
    expect(endRidesTheCommit(undefined, lone)).toBe(false);
    expect(endRidesTheCommit('none', { ...lone, interruption: 'cancelled' })).toBe(false);
    expect(endRidesTheCommit('none', { ...lone, interruption: 'abandoned' })).toBe(false);
    expect(endRidesTheCommit('none', { ...lone, delegated: true })).toBe(false);
    expect(endRidesTheCommit('idempotent', { ...lone, othersRunning: true })).toBe(false);
  });
});
