import type { RunView } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { repeatRefusalNotes } from './repeat-refusals';

const allowed = { allowed: true, refusedBy: null, reason: null } as const;
const refused = (refusedBy: NonNullable<RunView['repeat']['retry']['refusedBy']>, reason: string) => ({ allowed: false, refusedBy, reason });

describe('repeat refusal notes', () => {
  it('names every action one reason refuses, once', () => {
    const reason = 'Run r replays a dataset case in experiment e; run the experiment again instead';
    expect(repeatRefusalNotes({ retry: refused('replay', reason), rerun: refused('replay', reason), fork: refused('replay', reason) })).toEqual([
      { actions: 'Retry, re-run and fork', reason },
    ]);
  });

  it('leaves out refusals by status, which the status already explains', () => {
    const archived = 'Agent a is archived; unarchive it to run it again';
    expect(
      repeatRefusalNotes({
        retry: refused('status', 'Run r is succeeded; only failed or cancelled runs can be retried'),
        rerun: refused('archived-agent', archived),
        fork: refused('archived-agent', archived),
      }),
    ).toEqual([{ actions: 'Re-run and fork', reason: archived }]);
    expect(repeatRefusalNotes({ retry: refused('status', 'Run r is running'), rerun: allowed, fork: refused('status', 'Run r is running') })).toEqual([]);
  });

  it('explains a retry refused for an archived thread while a re-run is still offered', () => {
    const reason = 'Thread t is archived and takes no new runs';
    expect(repeatRefusalNotes({ retry: refused('archived-thread', reason), rerun: allowed, fork: allowed })).toEqual([{ actions: 'Retry', reason }]);
  });
});
