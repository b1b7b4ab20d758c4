'use client';

import type { ApprovalView } from '@agentloom/platform';
import { useEffect, useRef, useState } from 'react';
import type { DecisionReport } from '~/features/approvals/components/decision-outcomes';
import { useDecideApprovals } from '~/features/approvals/hooks/use-decide-approvals';
import { useInboxKeyboard } from '~/features/approvals/hooks/use-inbox-keyboard';
import { shortId } from '~/features/memory/short-id';

/**
 * The inbox's state: which card the keyboard is on, which cards are selected, the reject dialog,
 * and the report of the last decision. Every decision — a key, a bulk button — is one
 * `approvals.decideMany` call, which decides each approval through the same audited, race-safe
 * path as a single decision and reports each outcome (a request someone else decided first is
 * "not decided", with who did).
 */
export function useInboxDecisions(rows: ApprovalView[], enabled: boolean) {
  const { decideMany } = useDecideApprovals();
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [rejectIds, setRejectIds] = useState<string[] | null>(null);
  const [report, setReport] = useState<DecisionReport | null>(null);
  const lastIndex = useRef(0);
  const keyboardFocus = useRef(false);

  // The current card stays put when others come and go; when it goes, its neighbour takes over.
  const foundIndex = rows.findIndex((row) => row.id === currentId);
  if (foundIndex >= 0) lastIndex.current = foundIndex;
  const current = foundIndex >= 0 ? rows[foundIndex] : rows[Math.min(lastIndex.current, rows.length - 1)];
  const effectiveCurrentId = current?.id ?? null;
  // Selected cards that were decided (here or elsewhere) drop out of the selection.
  const selected = new Set([...selectedIds].filter((id) => rows.some((row) => row.id === id)));

  useEffect(() => {
    // A card decided by keyboard leaves the page and takes the focus with it: give it to the next.
    if (!keyboardFocus.current || effectiveCurrentId === null) return;
    if (document.activeElement === document.body || document.activeElement === null) focusCard(effectiveCurrentId);
  }, [effectiveCurrentId]);

  function move(delta: number) {
    if (rows.length === 0) return;
    const index = Math.min(rows.length - 1, Math.max(0, (foundIndex >= 0 ? foundIndex : lastIndex.current) + delta));
    const target = rows[index]!;
    keyboardFocus.current = true;
    setCurrentId(target.id);
    focusCard(target.id);
  }

  function select(id: string, value: boolean) {
    setSelectedIds((previous) => {
      const next = new Set(previous);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function decide(ids: string[], decision: 'approve' | 'reject', reason?: string) {
    if (ids.length === 0 || decideMany.isPending) return;
    const labels = new Map(rows.filter((row) => ids.includes(row.id)).map((row) => [row.id, { toolName: row.toolName, runId: row.runId }]));
    const input = decision === 'reject' ? { approvalIds: ids, decision, reason: reason ?? '' } : { approvalIds: ids, decision };
    decideMany.mutate(input, {
      onSuccess: (result) => {
        setReport({ decision, outcomes: result.outcomes, labels });
        setRejectIds(null);
        setSelectedIds((previous) => new Set([...previous].filter((id) => !ids.includes(id))));
      },
    });
  }

  useInboxKeyboard(
    {
      next: () => move(1),
      previous: () => move(-1),
      toggleSelected: () => {
        if (effectiveCurrentId) select(effectiveCurrentId, !selected.has(effectiveCurrentId));
      },
      approve: () => {
        keyboardFocus.current = true;
        if (effectiveCurrentId) decide([effectiveCurrentId], 'approve');
      },
      reject: () => {
        keyboardFocus.current = true;
        if (effectiveCurrentId) setRejectIds([effectiveCurrentId]);
      },
      approveSelected: () => decide([...selected], 'approve'),
      rejectSelected: () => {
        if (selected.size > 0) setRejectIds([...selected]);
      },
    },
    enabled,
  );

  const rejectSubject =
    rejectIds === null ? null : rejectIds.length === 1 ? subjectOf(rows.find((row) => row.id === rejectIds[0])) : `${rejectIds.length} approvals`;
  return {
    currentId: effectiveCurrentId,
    setCurrentId,
    selectedIds: selected,
    select,
    selectAll: (value: boolean) => setSelectedIds(value ? new Set(rows.map((row) => row.id)) : new Set()),
    approveSelected: () => decide([...selected], 'approve'),
    rejectSelected: () => setRejectIds([...selected]),
    rejectSubject,
    confirmReject: (reason: string) => {
      if (rejectIds) decide(rejectIds, 'reject', reason);
    },
    cancelReject: () => {
      setRejectIds(null);
      decideMany.reset();
      if (keyboardFocus.current && effectiveCurrentId) focusCard(effectiveCurrentId);
    },
    busy: decideMany.isPending,
    /** A refusal of the whole request (a bad reason, a lost connection), shown in the dialog when it is open. */
    dialogError: rejectIds === null ? null : (decideMany.error?.message ?? null),
    error: rejectIds === null ? (decideMany.error?.message ?? null) : null,
    report,
  };
}

function subjectOf(row: ApprovalView | undefined): string {
  return row ? `${row.toolName} in run ${shortId(row.runId)}` : '1 approval';
}

function focusCard(id: string): void {
  document.querySelector<HTMLElement>(`[data-approval-id="${id}"]`)?.focus();
}
