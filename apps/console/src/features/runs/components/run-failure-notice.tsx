import type { RunView } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { ErrorNotice } from '~/components/error-notice';
import { explainFailure, type FailureFix } from '~/features/runs/run-failure-kinds';

function fixHref(run: RunView, fix: FailureFix): string {
  switch (fix.target) {
    case 'agent-configuration':
      return `/agents/${run.agentId}?tab=configuration`;
    case 'run-tool-calls':
      return `/runs/${run.id}?tab=tool-calls`;
    case 'run-events':
      return `/runs/${run.id}?tab=events`;
    case 'retry':
      return `/runs/${run.id}#run-actions`;
  }
}

/** A failed run's error as a sentence, the server's message, and a link to where it is fixed. */
export function RunFailureNotice({ run, error }: { run: RunView; error: NonNullable<RunView['error']> }) {
  const explanation = explainFailure(error.kind);
  // "Retry the run" leads to the Retry button; when the server refuses a retry, the actions say why instead.
  const fix = explanation.fix?.target === 'retry' && !run.repeat.retry.allowed ? null : explanation.fix;
  return (
    <ErrorNotice title={`Failed: ${error.kind}`} message={explanation.sentence}>
      <p className="mt-1 font-mono text-xs break-words">{error.message}</p>
      {fix ? (
        <Link href={fixHref(run, fix) as Route} className="mt-2 inline-block font-medium underline">
          {fix.label} →
        </Link>
      ) : null}
    </ErrorNotice>
  );
}
