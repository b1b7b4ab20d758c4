'use client';

import type { FeedbackView } from '@agentloom/platform';
import { LocalTime } from '~/components/local-time';
import { feedbackSourceLabel, formatReward } from '~/features/feedback/feedback-text';

/** Feedback entries, oldest first: label, reward, comment, source, who, when and the step they are about. */
export function FeedbackList({ entries, label, showStep }: { entries: FeedbackView[]; label: string; showStep: boolean }) {
  return (
    <ol aria-label={label} className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
      {entries.map((entry) => (
        <li key={entry.id} className="py-2" data-feedback-id={entry.id}>
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            {entry.label ? <span className="rounded bg-zinc-100 px-1.5 font-mono text-xs font-medium dark:bg-zinc-800">{entry.label}</span> : null}
            <span className="tabular-nums">
              <span className="text-xs text-zinc-600 dark:text-zinc-400">reward </span>
              {formatReward(entry.reward)}
            </span>
            {showStep ? <span className="text-xs text-zinc-600 dark:text-zinc-400">{entry.stepIndex === null ? 'whole run' : `step ${entry.stepIndex}`}</span> : null}
            <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">
              {feedbackSourceLabel(entry.source)} · {entry.actor.name} ·{' '}
              <LocalTime iso={entry.createdAt} title="iso" />
            </span>
          </p>
          {entry.comment ? <p className="mt-1 whitespace-pre-wrap text-zinc-700 dark:text-zinc-200">{entry.comment}</p> : null}
        </li>
      ))}
    </ol>
  );
}
