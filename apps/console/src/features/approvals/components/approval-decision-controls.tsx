'use client';

import type { ApprovalView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

type Mode = 'choose' | 'reject' | 'edit';

/**
 * Approve, reject with a reason, or edit the arguments and approve — inline, wherever a pending
 * approval is shown. A decision someone else made first comes back as the server's conflict message.
 */
export function ApprovalDecisionControls({ approval }: { approval: ApprovalView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('choose');
  const [reason, setReason] = useState('');
  const [argumentsText, setArgumentsText] = useState(() => JSON.stringify(approval.originalArguments, null, 2));
  const [parseProblem, setParseProblem] = useState<string | null>(null);
  const fieldId = useId();
  const decide = useMutation(
    trpc.approvals.decide.mutationOptions({
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.approvals.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.runs.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.toolCalls.pathKey() }),
        ]),
    }),
  );
  const busy = decide.isPending;

  function submitReject(event: FormEvent) {
    event.preventDefault();
    decide.mutate({ approvalId: approval.id, decision: 'reject', reason });
  }

  function submitEdit(event: FormEvent) {
    event.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(argumentsText);
    } catch (error) {
      setParseProblem(`The arguments are not valid JSON: ${(error as Error).message}`);
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setParseProblem('The arguments must be a JSON object.');
      return;
    }
    setParseProblem(null);
    decide.mutate({ approvalId: approval.id, decision: 'edit', arguments: parsed as Record<string, unknown> });
  }

  return (
    <div className="space-y-3">
      {mode === 'choose' ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonStyles.approve} disabled={busy} onClick={() => decide.mutate({ approvalId: approval.id, decision: 'approve' })}>
            {busy ? 'Approving…' : 'Approve'}
          </button>
          <button type="button" className={buttonStyles.danger} disabled={busy} onClick={() => setMode('reject')}>
            Reject…
          </button>
          {/* A question about a call's outcome is about a call that already ran: its arguments are not the operator's to change. */}
          {approval.kind === 'outcome-question' ? null : (
            <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={() => setMode('edit')}>
              Edit arguments…
            </button>
          )}
        </div>
      ) : null}
      {mode === 'reject' ? (
        <form onSubmit={submitReject} className="space-y-2">
          <label htmlFor={`${fieldId}-reason`} className="block text-sm font-medium">
            Reason for rejecting
          </label>
          <textarea
            id={`${fieldId}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            rows={2}
            autoFocus
            placeholder="The agent reads this as the tool result."
            className={inputStyles}
          />
          <div className="flex gap-2">
            <button type="submit" className={buttonStyles.danger} disabled={busy || reason.trim() === ''}>
              {busy ? 'Rejecting…' : 'Reject'}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setMode('choose')}>
              Back
            </button>
          </div>
        </form>
      ) : null}
      {mode === 'edit' ? (
        <form onSubmit={submitEdit} className="space-y-2">
          <label htmlFor={`${fieldId}-arguments`} className="block text-sm font-medium">
            Arguments (JSON)
          </label>
          <textarea
            id={`${fieldId}-arguments`}
            value={argumentsText}
            onChange={(event) => setArgumentsText(event.target.value)}
            rows={Math.min(12, argumentsText.split('\n').length + 1)}
            spellCheck={false}
            autoFocus
            className={`${inputStyles} font-mono text-xs`}
          />
          {parseProblem ? <ErrorNotice title="Check the arguments" message={parseProblem} /> : null}
          <div className="flex gap-2">
            <button type="submit" className={buttonStyles.approve} disabled={busy}>
              {busy ? 'Approving…' : 'Approve with edits'}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setMode('choose')}>
              Back
            </button>
          </div>
        </form>
      ) : null}
      {decide.error ? <ErrorNotice title="The decision was not recorded" message={decide.error.message} /> : null}
    </div>
  );
}
