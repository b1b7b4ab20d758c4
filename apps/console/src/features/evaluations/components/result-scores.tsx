import type { CaseScore } from '@agentloom/platform';

/** Each scorer's verdict (✓ / ✗, or the measured value) with its explanation; the failure reason of a failed run first. */
export function ResultScores({ scores, failureReason }: { scores: CaseScore[]; failureReason: string | null }) {
  return (
    <ul className="space-y-1">
      {failureReason ? <li className="text-xs text-red-700 dark:text-red-400">{failureReason}</li> : null}
      {scores.map((score) => (
        <li key={score.scorer} className="text-xs">
          <span
            className={
              score.passed === false
                ? 'font-semibold text-red-700 dark:text-red-400'
                : score.passed
                  ? 'font-semibold text-emerald-700 dark:text-emerald-400'
                  : 'font-semibold'
            }
          >
            {score.passed === null ? '·' : score.passed ? '✓' : '✗'} {score.scorer}
            <span className="sr-only">{score.passed === null ? ' (measured)' : score.passed ? ' passed' : ' failed'}</span>
          </span>{' '}
          <span className="text-zinc-600 dark:text-zinc-300">{score.explanation}</span>
        </li>
      ))}
    </ul>
  );
}
