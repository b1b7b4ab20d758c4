'use client';

import { FeedbackForm } from '~/features/feedback/components/feedback-form';
import { FeedbackList } from '~/features/feedback/components/feedback-list';
import { useRunFeedback } from '~/features/feedback/hooks/use-run-feedback';
import { useCanOperate } from '~/features/session/principal-context';

/** Feedback about one step, in the step panel: its entries, and the form for operators and admins. */
export function StepFeedback({ runId, stepIndex }: { runId: string; stepIndex: number }) {
  const canOperate = useCanOperate();
  const feedback = useRunFeedback(runId);
  const entries = feedback.data?.filter((entry) => entry.stepIndex === stepIndex) ?? [];
  return (
    <section aria-labelledby={`step-${stepIndex}-feedback-heading`}>
      <h3 id={`step-${stepIndex}-feedback-heading`} className="mb-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Feedback on this step ({entries.length})
      </h3>
      {feedback.error ? <p className="text-xs text-red-700 dark:text-red-400">Feedback could not be loaded: {feedback.error.message}</p> : null}
      {entries.length > 0 ? <FeedbackList entries={entries} label={`Feedback on step ${stepIndex}`} showStep={false} /> : null}
      {canOperate ? (
        <details className="mt-2 rounded-lg border border-zinc-200 dark:border-zinc-800">
          <summary className="cursor-pointer px-3 py-2 text-xs font-medium">Record feedback on step {stepIndex}</summary>
          <div className="p-3">
            <FeedbackForm key={stepIndex} runId={runId} stepIndex={stepIndex} />
          </div>
        </details>
      ) : null}
    </section>
  );
}
