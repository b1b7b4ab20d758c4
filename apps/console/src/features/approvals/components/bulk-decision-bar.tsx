'use client';

import { useEffect, useRef } from 'react';
import { buttonStyles } from '~/components/button-styles';

interface BulkDecisionBarProps {
  total: number;
  selected: number;
  busy: boolean;
  onSelectAll: (selected: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
}

/** Select every pending request, or some, and approve or reject them together. */
export function BulkDecisionBar({ total, selected, busy, onSelectAll, onApprove, onReject }: BulkDecisionBarProps) {
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selected > 0 && selected < total;
  }, [selected, total]);
  return (
    <div role="toolbar" aria-label="Bulk decisions" className="flex flex-wrap items-center gap-3">
      <label className="flex items-center gap-2 text-sm">
        <input
          ref={selectAll}
          type="checkbox"
          className="size-4"
          checked={total > 0 && selected === total}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all
      </label>
      <span className="text-sm text-zinc-600 dark:text-zinc-400" data-selected-count={selected}>
        {selected} selected
      </span>
      <button type="button" className={buttonStyles.approve} disabled={busy || selected === 0} onClick={onApprove} aria-keyshortcuts="Shift+A">
        {busy ? 'Deciding…' : 'Approve selected'}
      </button>
      <button type="button" className={buttonStyles.danger} disabled={busy || selected === 0} onClick={onReject} aria-keyshortcuts="Shift+R">
        Reject selected…
      </button>
    </div>
  );
}
