import { describe, expect, it } from 'vitest';

import { planFiring, type FiringSituation } from './schedule-firing-plan';

const at = (minute: number) => new Date(Date.UTC(2027, 0, 1, 0, minute));
const base: FiringSituation = {
  dueSlots: [at(1), at(2), at(3)],
  totalDue: 5,
  nextSlot: at(4),
  now: at(3),
  graceMs: 10_000,
  overlapPolicy: 'skip',
  catchUpPolicy: 'skip',
  activeRuns: 0,
};

describe('planFiring', () => {
  it('catch-up skip fires only an on-time slot; run-once the latest however late', () => {
    expect(planFiring(base)).toEqual({ fire: [at(3)], cancelActive: false, skipped: 4, nextFireAt: at(4) });
    const late = { ...base, now: new Date(at(3).getTime() + 30_000) };
    expect(planFiring(late)).toEqual({ fire: [], cancelActive: false, skipped: 5, nextFireAt: at(4) });
    expect(planFiring({ ...late, catchUpPolicy: 'run-once' }).fire).toEqual([at(3)]);
  });

  it('overlap skip fires nothing while a run is active; cancel-previous cancels it and fires', () => {
    expect(planFiring({ ...base, activeRuns: 1 })).toMatchObject({ fire: [], skipped: 5 });
    expect(planFiring({ ...base, activeRuns: 1, overlapPolicy: 'cancel-previous' })).toMatchObject({ fire: [at(3)], cancelActive: true });
  });

  it('queue holds kept slots while a run is active, then fires the oldest and leaves the next one due', () => {
    const queued = { ...base, overlapPolicy: 'queue' as const, catchUpPolicy: 'run-all' as const };
    expect(planFiring({ ...queued, activeRuns: 1 })).toEqual({ fire: [], cancelActive: false, skipped: 2, nextFireAt: at(1) });
    expect(planFiring(queued)).toEqual({ fire: [at(1)], cancelActive: false, skipped: 2, nextFireAt: at(2) });
    expect(planFiring({ ...queued, catchUpPolicy: 'run-once' })).toEqual({ fire: [at(3)], cancelActive: false, skipped: 4, nextFireAt: at(4) });
  });
});
