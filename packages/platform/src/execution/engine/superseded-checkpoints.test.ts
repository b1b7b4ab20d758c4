import { describe, expect, it } from 'vitest';

import { withoutSupersededCheckpoints, type StepRowsDocument } from './write-step-rows';

type Checkpoint = StepRowsDocument['checkpoint'];

function documents(checkpoints: ReadonlyArray<Pick<Checkpoint, 'retainedFor'> & { markPrevious?: boolean }>): StepRowsDocument[] {
  return checkpoints.map(
    ({ retainedFor, markPrevious }, index) =>
      ({
        step: { index },
        checkpoint: { seq: index, retainedFor, markPreviousBeforeFailure: markPrevious ?? false },
      }) as unknown as StepRowsDocument,
  );
}

/** Which documents keep their checkpoint (ADR 0087); the integration test checks the survivors match. */
function kept(input: StepRowsDocument[]): boolean[] {
  return withoutSupersededCheckpoints(input).map((document) => document.checkpoint !== null);
}

describe('withoutSupersededCheckpoints', () => {
  it('leaves out every latest checkpoint the next one prunes, and keeps the last', () => {
    expect(kept(documents([{ retainedFor: 'latest' }, { retainedFor: 'latest' }, { retainedFor: 'latest' }]))).toEqual([false, false, true]);
  });

  it('keeps a single document, and an approval point anywhere', () => {
    expect(kept(documents([{ retainedFor: 'latest' }]))).toEqual([true]);
    expect(kept(documents([{ retainedFor: 'approval' }, { retainedFor: 'latest' }]))).toEqual([true, true]);
  });

  it('keeps the checkpoint the next document marks to keep, and one that marks its own predecessor', () => {
    expect(kept(documents([{ retainedFor: 'latest' }, { retainedFor: 'latest', markPrevious: true }]))).toEqual([true, true]);
    expect(kept(documents([{ retainedFor: 'latest', markPrevious: true }, { retainedFor: 'latest' }]))).toEqual([true, true]);
  });

  it('changes nothing else of a document', () => {
    const [first] = withoutSupersededCheckpoints(documents([{ retainedFor: 'latest' }, { retainedFor: 'latest' }]));
    expect(first).toEqual({ step: { index: 0 }, checkpoint: null });
  });
});
