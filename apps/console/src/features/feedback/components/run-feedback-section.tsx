'use client';

import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { SkeletonRows } from '~/components/skeleton';
import { FeedbackForm } from '~/features/feedback/components/feedback-form';
import { FeedbackList } from '~/features/feedback/components/feedback-list';
import { useRunFeedback } from '~/features/feedback/hooks/use-run-feedback';
import { useCanOperate } from '~/features/session/principal-context';

/**
 * The run's outcomes and rewards (ADR 0051): every entry on the run and its steps, re-read while
 * the page is open, and — for operators and admins, who may record (ADR 0058) — a form for the run.
 */
export function RunFeedbackSection({ runId }: { runId: string }) {
  const canOperate = useCanOperate();
  const feedback = useRunFeedback(runId);
  return (
    <section aria-labelledby="run-feedback-heading" className={`${cardStyles} mt-6 p-4`}>
      <div className="flex items-baseline gap-1.5">
        <h2 id="run-feedback-heading" className="text-sm font-semibold">
          Feedback
        </h2>
        {feedback.data && feedback.data.length > 0 ? (
          <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{feedback.data.length === 1 ? '1 entry' : `${feedback.data.length} entries`}</span>
        ) : null}
      </div>
      <div className="mt-2">
        {feedback.error ? (
          <ErrorNotice title="Feedback could not be loaded" message={feedback.error.message} />
        ) : !feedback.data ? (
          <SkeletonRows label="Loading feedback" rows={2} />
        ) : feedback.data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No feedback on this run yet.</p>
        ) : (
          <FeedbackList entries={feedback.data} label="Feedback entries" showStep />
        )}
      </div>
      {canOperate ? (
        <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <FeedbackForm runId={runId} />
        </div>
      ) : (
        <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">An operator or admin can record feedback on this run.</p>
      )}
    </section>
  );
}
