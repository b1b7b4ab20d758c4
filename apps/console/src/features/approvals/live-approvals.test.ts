import type { ApprovalView } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { patchApprovalsPages, type ApprovalsPage } from './live-approvals';

const runA = '00000000-0000-4000-8000-00000000000a';
const runB = '00000000-0000-4000-8000-00000000000b';

/** Approval `n`: a higher number is newer (ids are time-ordered), so lists show …3, 2, 1. */
function approval(n: number, runId: string, status: ApprovalView['status'] = 'pending'): ApprovalView {
  return {
    id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    runId,
    toolCallId: `call-${n}`,
    toolName: 'send_email',
    status,
    kind: 'gate',
    requestReason: 'needs approval',
    decisionReason: null,
    decidedBy: status === 'pending' ? null : 'admin',
    decidedAt: status === 'pending' ? null : '2026-12-02T12:00:00.000Z',
    originalArguments: {},
    editedArguments: null,
    expiresAt: null,
    createdAt: '2026-12-02T11:00:00.000Z',
    run: { status: 'waiting_human', inputExcerpt: 'question', inputTruncated: false },
    agent: { id: 'agent', name: 'Agent', slug: 'agent', version: 1 },
    thread: null,
  };
}

function ids(pages: ApprovalsPage[] | undefined): string[][] | undefined {
  return pages?.map((page) => page.approvals.map((candidate) => candidate.id));
}

const pendingInput = { status: 'pending' as const, limit: 25 };

describe('patchApprovalsPages', () => {
  const pages: ApprovalsPage[] = [{ approvals: [approval(3, runA), approval(2, runB)], nextCursor: null }];

  it('lets a new pending request enter the pending list at its place', () => {
    const fresh = approval(4, runB);
    const patched = patchApprovalsPages(pages, pendingInput, { runIds: [runB], approvals: [fresh, approval(2, runB)], approvalsComplete: true });
    expect(ids(patched)).toEqual([[fresh.id, approval(3, runA).id, approval(2, runB).id]]);
  });

  it('drops a decided approval from the pending list and keeps it, updated, in the unfiltered list', () => {
    const decided = approval(2, runB, 'approved');
    const change = { runIds: [runB], approvals: [decided], approvalsComplete: true };
    expect(ids(patchApprovalsPages(pages, pendingInput, change))).toEqual([[approval(3, runA).id]]);
    const all = patchApprovalsPages(pages, { limit: 50 }, change);
    expect(ids(all)).toEqual([[approval(3, runA).id, decided.id]]);
    expect(all?.[0]?.approvals[1]?.status).toBe('approved');
  });

  it('lets a decision enter the decided list and keeps a new pending request out of it', () => {
    const decidedPages: ApprovalsPage[] = [{ approvals: [approval(1, runA, 'rejected')], nextCursor: null }];
    const decided = approval(2, runB, 'approved');
    const change = { runIds: [runB], approvals: [approval(4, runB), decided], approvalsComplete: true };
    expect(ids(patchApprovalsPages(decidedPages, { status: 'decided', limit: 50 }, change))).toEqual([[decided.id, approval(1, runA).id]]);
  });

  it('drops the approvals of an erased run (the change names it, it has none left)', () => {
    expect(ids(patchApprovalsPages(pages, pendingInput, { runIds: [runA], approvals: [], approvalsComplete: true }))).toEqual([[approval(2, runB).id]]);
  });

  it('keeps a run-scoped list to its run', () => {
    const runOnly = [{ approvals: [approval(3, runA)], nextCursor: null }];
    const change = { runIds: [runA, runB], approvals: [approval(5, runB), approval(3, runA)], approvalsComplete: true };
    expect(ids(patchApprovalsPages(runOnly, { runId: runA, status: 'pending' }, change))).toEqual([[approval(3, runA).id]]);
  });

  it('leaves approvals of runs the change does not name alone', () => {
    const change = { runIds: [runB], approvals: [approval(2, runB)], approvalsComplete: true };
    expect(ids(patchApprovalsPages(pages, pendingInput, change))).toEqual(ids(pages));
  });

  it('refetches when the change does not carry every approval of its runs', () => {
    expect(patchApprovalsPages(pages, pendingInput, { runIds: [runB], approvals: [approval(4, runB)], approvalsComplete: false })).toBeUndefined();
  });

  it('leaves an older request than every loaded card to "Load more" when more pages follow', () => {
    const more = [{ approvals: [approval(3, runA), approval(2, runB)], nextCursor: approval(2, runB).id }];
    const older = approval(1, runB);
    const change = { runIds: [runB], approvals: [approval(2, runB), older], approvalsComplete: true };
    expect(ids(patchApprovalsPages(more, pendingInput, change))).toEqual(ids(more));
  });
});
