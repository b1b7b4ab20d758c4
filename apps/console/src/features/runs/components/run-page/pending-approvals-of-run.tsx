'use client';

import { useQuery } from '@tanstack/react-query';
import { cardStyles } from '~/components/button-styles';
import { JsonTree } from '~/components/json-tree';
import { argumentsPanels } from '~/features/approvals/approval-arguments';
import { ApprovalDecisionControls } from '~/features/approvals/components/approval-decision-controls';
import { useTRPC } from '~/trpc/react';

/** The approvals a waiting run needs, with the decision controls right there (operators only). */
export function PendingApprovalsOfRun({ runId, canDecide }: { runId: string; canDecide: boolean }) {
  const trpc = useTRPC();
  const approvals = useQuery(trpc.approvals.list.queryOptions({ runId, status: 'pending' }));
  const pending = approvals.data?.approvals ?? [];
  if (pending.length === 0) return null;
  return (
    <section aria-label="Waiting for approval" className={`${cardStyles} border-amber-300 p-4 dark:border-amber-700`}>
      <h2 className="text-sm font-semibold text-amber-800 dark:text-amber-300">Waiting for approval</h2>
      <ul className="mt-3 space-y-4">
        {pending.map((approval) => (
          <li key={approval.id} className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="space-y-2">
              <p className="text-sm">
                {approval.kind === 'outcome-question' ? 'Did this call complete?' : 'The agent wants to call'}{' '}
                <code className="rounded bg-zinc-100 px-1 font-mono dark:bg-zinc-800">{approval.toolName}</code>
                {approval.requestReason ? <span className="text-zinc-500 dark:text-zinc-400"> — {approval.requestReason}</span> : null}
              </p>
              {argumentsPanels(approval).map((panel) => (
                <JsonTree key={panel.label} value={panel.value} label={panel.label} />
              ))}
            </div>
            {canDecide ? <ApprovalDecisionControls approval={approval} /> : <p className="text-sm text-zinc-500 dark:text-zinc-400">An operator or admin can decide this.</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
