'use client';

import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import { useRouter, useSearchParams } from 'next/navigation';
import { ErrorNotice } from '~/components/error-notice';
import { SkeletonRows } from '~/components/skeleton';
import { cardStyles } from '~/components/button-styles';
import { ComparisonView } from '~/features/runs/components/compare/comparison-view';
import { RunPicker } from '~/features/runs/components/compare/run-picker';
import { useTRPC } from '~/trpc/react';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/runs/compare?left=…&right=…`: two runs side by side. With a side missing it asks for it, from
 * the recent runs of the same agent (`?agentId=` when coming from an agent's version diff).
 */
export function ComparePage() {
  const parameters = useSearchParams();
  const router = useRouter();
  const left = parameters.get('left');
  const right = parameters.get('right');
  const agentId = parameters.get('agentId');
  // `?step=N` (from an experiment's case): the right run's step to open at, e.g. its first divergent step.
  const stepParameter = parameters.get('step');
  const focusStep = stepParameter !== null && /^\d+$/.test(stepParameter) ? Number(stepParameter) : null;
  const choose = (side: 'left' | 'right', runId: string) => {
    const next = new URLSearchParams(parameters);
    next.set(side, runId);
    router.push(`/runs/compare?${next.toString()}` as Route);
  };
  const ready = left !== null && right !== null && uuidPattern.test(left) && uuidPattern.test(right);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Compare runs</h1>
      {ready ? (
        <Comparison left={left} right={right} focusStep={focusStep} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <RunPicker side="left" selected={left} agentId={agentId} otherRunId={right} onChoose={(runId) => choose('left', runId)} />
          <RunPicker side="right" selected={right} agentId={agentId} otherRunId={left} onChoose={(runId) => choose('right', runId)} />
        </div>
      )}
    </div>
  );
}

function Comparison({ left, right, focusStep }: { left: string; right: string; focusStep: number | null }) {
  const trpc = useTRPC();
  const comparison = useQuery(trpc.runs.compare.queryOptions({ leftRunId: left, rightRunId: right }));
  if (comparison.error) return <ErrorNotice title="The runs could not be compared" message={comparison.error.message} />;
  if (!comparison.data) {
    return (
      <div className={cardStyles}>
        <SkeletonRows label="Loading the comparison" rows={8} />
      </div>
    );
  }
  return <ComparisonView comparison={comparison.data} focusStep={focusStep} />;
}
