import type { ReplayFixture } from '../../evaluations/replay/load-replay-fixture';

/**
 * Whether a run keeps its ordinary steps in memory and commits them with the step that ends or
 * pauses it (ADR 0059): only a replay in recorded mode, whose tools serve recordings (or, by policy,
 * run a tool declaring no side effects) and whose memory writes are not applied — starting it again
 * from its first step after a crash repeats nothing with an effect. Live runs and live-model replays
 * commit every step.
 */
export function defersSteps(replay: ReplayFixture | undefined): boolean {
  return replay?.modelMode === 'recorded';
}

/** At most this many steps wait in memory: a long replay still commits in bounded transactions. */
export const maxDeferredSteps = 32;
