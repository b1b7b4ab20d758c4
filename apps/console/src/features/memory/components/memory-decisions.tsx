'use client';

import type { MemoryDecisionView } from '@agentloom/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { buttonStyles } from '~/components/button-styles';
import { LocalTime, useLocalTimeFormat } from '~/components/local-time';
import { Skeleton } from '~/components/skeleton';
import { shortId } from '~/features/memory/short-id';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

const eventLabels: Record<MemoryDecisionView['event'], string> = { add: 'Added', update: 'Updated', delete: 'Deleted', none: 'Kept' };

/**
 * What post-run extraction decided about this item (ADR 0024): which run, old → new, why — and an
 * undo for operators that restores the previous item (or removes an added one).
 */
export function MemoryDecisions({ memoryItemId }: { memoryItemId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canOperate = useCanOperate();
  // Tooltips too: an attribute the server rendered in its own zone is never corrected on hydration.
  const formatLocal = useLocalTimeFormat();
  const decisions = useQuery(trpc.memory.decisions.queryOptions({ memoryItemId, limit: 20 }));
  const undo = useMutation(trpc.memory.undoDecision.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.memory.pathKey() }) }));
  if (decisions.error) return <p className="text-sm text-red-700 dark:text-red-400">{decisions.error.message}</p>;
  if (!decisions.data) return <Skeleton className="h-10 w-full" />;
  const rows = decisions.data.decisions;
  if (rows.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No extraction decision touched this memory.</p>;
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800" aria-label="Extraction decisions">
        {rows.map((decision) => (
          <li key={decision.id} className="space-y-1 py-2" data-memory-decision={decision.id}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium dark:bg-zinc-800">{eventLabels[decision.event]}</span>
              {decision.key ? <code className="font-mono text-xs">{decision.key}</code> : null}
              <Link
                href={`/runs/${decision.runId}` as Route}
                className="font-mono text-xs text-brand-600 hover:underline dark:text-brand-400"
                title={formatLocal(decision.createdAt)}
              >
                run {shortId(decision.runId)}
              </Link>
              {decision.undoneAt ? <span className="text-xs text-zinc-500 dark:text-zinc-400">undone <LocalTime iso={decision.undoneAt} /></span> : null}
              {canOperate && decision.undoable ? (
                <button
                  type="button"
                  className={`${buttonStyles.secondary} ml-auto`}
                  disabled={undo.isPending}
                  onClick={() => undo.mutate({ decisionId: decision.id })}
                >
                  Undo
                </button>
              ) : null}
            </div>
            {decision.oldContent !== null || decision.event === 'update' || decision.event === 'delete' ? (
              <p className="text-xs text-zinc-600 line-through decoration-zinc-400 dark:text-zinc-400">{decision.oldContent ?? '(forgotten)'}</p>
            ) : null}
            {decision.newContent !== null ? <p className="text-xs">{decision.newContent}</p> : null}
            {decision.reason ? <p className="text-xs text-zinc-500 italic dark:text-zinc-400">{decision.reason}</p> : null}
          </li>
        ))}
      </ul>
      {undo.error ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {undo.error.message}
        </p>
      ) : null}
    </div>
  );
}
