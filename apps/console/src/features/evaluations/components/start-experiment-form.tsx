'use client';

import type { ExperimentListItem, Scorer } from '@agentloom/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { useTRPC } from '~/trpc/react';
import { ScorerFields, scorersFrom, type ScorerChoice } from './scorer-fields';

/** An experiment id, `lowest` (the lowest selected version runs first and is every other version's baseline, as the CLI's --baseline) or empty (none). */
type BaselineChoice = string;

/**
 * Starts experiments on the dataset: one agent, one or more of its versions, an optional baseline
 * (an earlier experiment, or the lowest selected version), recorded or live model replies, scorers.
 * One experiment per version; the page of the last one opens.
 */
export function StartExperimentForm({ dataset, experiments }: { dataset: string; experiments: ExperimentListItem[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const formId = useId();
  const agentNames = useAgentNames();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: false }));
  const [agentId, setAgentId] = useState('');
  const versions = useQuery({ ...trpc.agents.versions.queryOptions({ agentId }), enabled: agentId !== '' });
  const [selected, setSelected] = useState<number[]>([]);
  const [baseline, setBaseline] = useState<BaselineChoice>('');
  const [modelMode, setModelMode] = useState<'recorded' | 'live'>('recorded');
  const [memoryMode, setMemoryMode] = useState<'recorded' | 'live'>('recorded');
  const [scorers, setScorers] = useState<ScorerChoice>({ exact: true, contains: false, regex: '', toolSequence: 'arguments' });
  const create = useMutation(trpc.experiments.create.mutationOptions());

  function toggle(version: number, on: boolean) {
    setSelected((current) => (on ? [...current, version].sort((a, b) => a - b) : current.filter((value) => value !== version)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    create.reset();
    const chosen: Scorer[] = scorersFrom(scorers);
    const [lowest, ...others] = selected;
    if (lowest === undefined) return;
    try {
      let baselineExperimentId = baseline === '' || baseline === 'lowest' ? undefined : baseline;
      let last: string | undefined;
      for (const version of baseline === 'lowest' ? [lowest, ...others] : selected) {
        const experiment = await create.mutateAsync({
          dataset,
          agentId,
          agentVersion: version,
          modelMode,
          memoryMode,
          scorers: chosen,
          ...(baselineExperimentId ? { baselineExperimentId } : {}),
        });
        if (baseline === 'lowest' && version === lowest) baselineExperimentId = experiment.id;
        last = experiment.id;
      }
      await queryClient.invalidateQueries({ queryKey: trpc.datasets.experiments.queryKey({ name: dataset }) });
      if (last) router.push(`/datasets/${encodeURIComponent(dataset)}/experiments/${last}` as Route);
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <section aria-label="Start an experiment" className={`${cardStyles} p-5`}>
      <h2 className="text-sm font-semibold">Start an experiment</h2>
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="text-sm font-medium">
            <label htmlFor={`${formId}-agent`}>Agent</label>
            <select
              id={`${formId}-agent`}
              className={`${inputStyles} mt-1`}
              required
              value={agentId}
              onChange={(event) => {
                setAgentId(event.target.value);
                setSelected([]);
              }}
            >
              <option value="">Choose an agent</option>
              {(agents.data ?? []).map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name}
                </option>
              ))}
            </select>
          </div>
          <div className="text-sm font-medium">
            <label htmlFor={`${formId}-baseline`}>Baseline</label>
            <select id={`${formId}-baseline`} className={`${inputStyles} mt-1`} value={baseline} onChange={(event) => setBaseline(event.target.value)}>
              <option value="">None</option>
              <option value="lowest" disabled={selected.length < 2}>
                The lowest selected version (runs first)
              </option>
              {experiments.map((experiment) => (
                <option key={experiment.id} value={experiment.id}>
                  {agentNames.get(experiment.agentId) ?? 'Agent'} v{experiment.agentVersion} · {experiment.id.slice(0, 8)}
                  {experiment.summary ? ` · ${experiment.summary.passed}/${experiment.summary.cases} passed` : ' · running'}
                </option>
              ))}
            </select>
            <span className="mt-1 block text-xs font-normal text-zinc-600 dark:text-zinc-300">
              A case the baseline passed and this experiment fails is a regression.
            </span>
          </div>
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Versions</legend>
          {agentId === '' ? (
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">Choose an agent first.</p>
          ) : (
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {(versions.data?.versions ?? []).map((version) => (
                <label key={version.id} className="flex items-center gap-2">
                  <input type="checkbox" checked={selected.includes(version.version)} onChange={(event) => toggle(version.version, event.target.checked)} />v
                  {version.version}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium">Model replies</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name={`${formId}-mode`} checked={modelMode === 'recorded'} onChange={() => setModelMode('recorded')} /> Recorded until the
              first divergence (offline, deterministic)
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${formId}-mode`} checked={modelMode === 'live'} onChange={() => setModelMode('live')} /> Live: the version’s model
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium">Memory reads</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name={`${formId}-memory`} checked={memoryMode === 'recorded'} onChange={() => setMemoryMode('recorded')} /> Recorded: what
              the recorded run was given
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${formId}-memory`} checked={memoryMode === 'live'} onChange={() => setMemoryMode('live')} /> Live: the tenant’s memory
              now
            </label>
          </div>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-300">Either way a replay writes no memory.</p>
        </fieldset>
        <ScorerFields value={scorers} onChange={setScorers} />
        {create.error ? <ErrorNotice title="The experiment could not be started" message={create.error.message} /> : null}
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending || selected.length === 0}>
          {create.isPending ? 'Starting…' : selected.length > 1 ? `Run ${selected.length} experiments` : 'Run experiment'}
        </button>
      </form>
    </section>
  );
}
