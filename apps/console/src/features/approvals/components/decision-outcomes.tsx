import type { BulkDecisionOutcome } from '@agentloom/platform';
import { shortId } from '~/features/memory/short-id';

/** What a decision from the inbox did, per approval; kept on screen until the next one. */
export interface DecisionReport {
  decision: 'approve' | 'reject';
  outcomes: BulkDecisionOutcome[];
  /** Tool and run of each approval named, as the inbox showed them when the decision was sent. */
  labels: Map<string, { toolName: string; runId: string }>;
}

/**
 * The result of a bulk (or keyboard) decision: how many were decided, and for each one that was
 * not, why — typically someone else decided it first. A polite live region, so screen readers hear it.
 */
export function DecisionOutcomes({ report }: { report: DecisionReport | null }) {
  const decided = report?.outcomes.filter((outcome) => outcome.outcome === 'decided').length ?? 0;
  const refused = report?.outcomes.filter((outcome) => outcome.outcome === 'refused') ?? [];
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Decision results"
      className={report ? 'rounded-lg border border-zinc-200 px-4 py-3 text-sm dark:border-zinc-800' : 'sr-only'}
    >
      {report ? (
        <>
          <p className="font-medium" data-decided-count={decided}>
            {report.decision === 'approve' ? 'Approved' : 'Rejected'} {decided} of {report.outcomes.length}.
          </p>
          {refused.length > 0 ? (
            <ul className="mt-1 space-y-1 text-zinc-700 dark:text-zinc-300">
              {refused.map((outcome) => {
                const label = report.labels.get(outcome.approvalId);
                return (
                  <li key={outcome.approvalId} data-refused-approval={outcome.approvalId}>
                    Not decided: {label ? `${label.toolName} in run ${shortId(label.runId)}` : outcome.approvalId} —{' '}
                    {outcome.outcome === 'refused' ? outcome.message : ''}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
