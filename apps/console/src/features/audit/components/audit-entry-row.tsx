'use client';

import type { AuditEntryView } from '@agentloom/platform';
import { useState } from 'react';
import { ChevronIcon } from '~/components/icons';
import { JsonTree } from '~/components/json-tree';
import { LocalTime } from '~/components/local-time';

/** One entry; opening it shows the before/after values side by side. */
export function AuditEntryRow({ entry }: { entry: AuditEntryView }) {
  const [open, setOpen] = useState(false);
  const actor = entry.actorType === 'system' ? `system: ${entry.actorId}` : (entry.actorName ?? entry.actorId);
  return (
    <li className="text-sm">
      <button
        type="button"
        data-list-item
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="grid w-full grid-cols-[1rem_11rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)] items-center gap-3 px-4 py-2.5 text-left hover:bg-zinc-50 focus:bg-brand-50 focus:outline-none dark:hover:bg-zinc-800/60 dark:focus:bg-brand-950/40"
      >
        <ChevronIcon className={`size-3.5 text-zinc-500 dark:text-zinc-400 transition-transform ${open ? 'rotate-90' : ''}`} />
        <LocalTime iso={entry.createdAt} className="text-xs text-zinc-500 dark:text-zinc-400 tabular-nums" />
        <span className="truncate font-mono text-xs font-medium">{entry.action}</span>
        <span className="truncate">{actor}</span>
        <span className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">
          {entry.targetType} {entry.targetId}
        </span>
      </button>
      {open ? (
        <div className="grid gap-3 px-4 pb-4 pl-8 md:grid-cols-2">
          <JsonTree value={entry.before} label="Before" />
          <JsonTree value={entry.after} label="After" />
          <p className="text-xs text-zinc-500 dark:text-zinc-400 md:col-span-2">
            Entry {entry.id}
            {entry.requestId ? ` · request ${entry.requestId}` : ''}
            {entry.ipAddress ? ` · from ${entry.ipAddress}` : ''}
          </p>
        </div>
      ) : null}
    </li>
  );
}
