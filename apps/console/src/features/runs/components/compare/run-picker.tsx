'use client';

import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { runText } from '~/features/runs/run-text';
import { useTRPC } from '~/trpc/react';

/**
 * Picks one side of a comparison: by pasted run id, or from the 20 newest runs of the agent (the
 * other side's agent, or `agentId`), each labelled with its version, status and input.
 */
export function RunPicker({
  side,
  selected,
  agentId,
  otherRunId,
  onChoose,
}: {
  side: 'left' | 'right';
  selected: string | null;
  agentId: string | null;
  otherRunId: string | null;
  onChoose: (runId: string) => void;
}) {
  const trpc = useTRPC();
  const [typed, setTyped] = useState(selected ?? '');
  const other = useQuery({ ...trpc.runs.get.queryOptions({ runId: otherRunId ?? '' }), enabled: otherRunId !== null && agentId === null });
  const scopeAgentId = agentId ?? other.data?.agentId ?? null;
  const recent = useQuery({ ...trpc.runs.list.queryOptions({ ...(scopeAgentId ? { agentId: scopeAgentId } : {}), limit: 20 }) });
  const versions = useQuery({ ...trpc.agents.versions.queryOptions({ agentId: scopeAgentId ?? '' }), enabled: scopeAgentId !== null });
  const versionOf = (versionId: string) => versions.data?.versions.find((version) => version.id === versionId)?.version;
  const label = side === 'left' ? 'Left run' : 'Right run';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim()) onChoose(typed.trim());
  }

  return (
    <section aria-label={label} className={`${cardStyles} space-y-3 p-4`}>
      <h2 className="text-sm font-semibold">{label}</h2>
      <form onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor={`compare-${side}`}>
          {label} id
        </label>
        <input id={`compare-${side}`} value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Run id" className={`${inputStyles} font-mono`} />
        <button type="submit" className={buttonStyles.secondary}>
          Use
        </button>
      </form>
      <ul className="max-h-72 divide-y divide-zinc-200 overflow-auto text-sm dark:divide-zinc-800">
        {recent.data?.runs
          .filter((run) => run.id !== otherRunId)
          .map((run) => (
            <li key={run.id}>
              <button
                type="button"
                onClick={() => onChoose(run.id)}
                aria-pressed={run.id === selected}
                className="flex w-full items-center gap-2 px-2 py-1.5 text-left hover:bg-zinc-50 aria-pressed:bg-brand-50 dark:hover:bg-zinc-800 dark:aria-pressed:bg-brand-950/40"
              >
                <span className="font-mono text-xs">{run.id.slice(0, 8)}</span>
                {versionOf(run.agentVersionId) !== undefined ? <span className="text-xs">v{versionOf(run.agentVersionId)}</span> : null}
                <span className="text-xs text-zinc-600 dark:text-zinc-300">{run.status}</span>
                <span className="truncate">{runText(run.input)}</span>
              </button>
            </li>
          ))}
      </ul>
    </section>
  );
}
