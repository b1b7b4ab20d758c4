'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { Skeleton } from '~/components/skeleton';
import { submitOnModifierEnter } from '~/components/submit-shortcut';
import { useTRPC } from '~/trpc/react';

import { RunBudgetFields, runBudgetFromDraft, type RunBudgetDraft } from './run-budget-fields';

const labelStyles = 'block text-sm font-medium';
const hintStyles = 'mt-1 text-xs text-zinc-500 dark:text-zinc-400';

/** Starts a run: agent (and optionally a pinned version), input, optional idempotency key and budget. */
export function NewRunForm({ initialAgentId = '', initialVersion = '' }: { initialAgentId?: string; initialVersion?: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: false }));
  const fieldId = useId();
  // Preselected by links such as an agent version's "Run this version" (?agentId=…&version=…).
  const [agentId, setAgentId] = useState(initialAgentId);
  const [version, setVersion] = useState(initialVersion);
  const [input, setInput] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [budget, setBudget] = useState<RunBudgetDraft>({ maxTokens: '', maxCostUsd: '' });
  const create = useMutation(
    trpc.runs.create.mutationOptions({
      onSuccess: async ({ run }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.runs.list.pathKey() });
        router.push(`/runs/${run.id}` as Route);
      },
    }),
  );
  const selectedAgentId = (agents.data?.some((agent) => agent.id === agentId) ? agentId : '') || agents.data?.[0]?.id || '';
  const selectedAgent = agents.data?.find((agent) => agent.id === selectedAgentId);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      agentId: selectedAgentId,
      input,
      ...(version ? { agentVersion: Number(version) } : {}),
      ...(idempotencyKey.trim() ? { idempotencyKey: idempotencyKey.trim() } : {}),
      ...(runBudgetFromDraft(budget) ? { budget: runBudgetFromDraft(budget) } : {}),
    });
  }

  if (agents.error) return <ErrorNotice title="The agents could not be loaded" message={agents.error.message} />;
  if (agents.isPending) {
    return (
      <div className={`${cardStyles} max-w-2xl space-y-4 p-6`} role="status" aria-label="Loading agents">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-9 w-1/2" />
      </div>
    );
  }
  if (agents.data.length === 0) {
    return <ErrorNotice title="No agent to run" message="This tenant has no agents yet. Create one through the API, then start a run here." />;
  }

  return (
    <form onSubmit={submit} onKeyDown={submitOnModifierEnter} className={`${cardStyles} max-w-2xl space-y-5 p-6`} aria-label="New run">
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <div>
          <label htmlFor={`${fieldId}-agent`} className={labelStyles}>
            Agent
          </label>
          <select
            id={`${fieldId}-agent`}
            value={selectedAgentId}
            onChange={(event) => {
              setAgentId(event.target.value);
              setVersion('');
            }}
            className={`${inputStyles} mt-1`}
            required
          >
            {agents.data.map((agent) => (
              <option key={agent.id} value={agent.id} disabled={agent.latestVersion === null}>
                {agent.name} ({agent.slug})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${fieldId}-version`} className={labelStyles}>
            Version
          </label>
          <input
            id={`${fieldId}-version`}
            type="number"
            min={1}
            max={selectedAgent?.latestVersion ?? undefined}
            value={version}
            onChange={(event) => setVersion(event.target.value)}
            placeholder={selectedAgent?.latestVersion ? `latest (${selectedAgent.latestVersion})` : 'latest'}
            className={`${inputStyles} mt-1`}
          />
        </div>
      </div>
      {selectedAgent?.description ? <p className="-mt-2 text-sm text-zinc-600 dark:text-zinc-400">{selectedAgent.description}</p> : null}
      {/* Labelled by id, not by wrapping: React mirrors a controlled textarea's value into its text, so a
          wrapping label's text (and the field's name) would grow with every word typed. */}
      <div>
        <label htmlFor={`${fieldId}-input`} className={labelStyles}>
          Input
        </label>
        <textarea
          id={`${fieldId}-input`}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          rows={5}
          required
          placeholder="What should the agent do?"
          className={`${inputStyles} mt-1 resize-y`}
        />
      </div>
      <label className={labelStyles}>
        Idempotency key <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
        <input value={idempotencyKey} onChange={(event) => setIdempotencyKey(event.target.value)} maxLength={200} className={`${inputStyles} mt-1 font-mono`} />
        <span className={hintStyles}>Submitting again with the same key and input opens the same run instead of starting a second one.</span>
      </label>
      <RunBudgetFields draft={budget} onChange={setBudget} />
      {create.error ? <ErrorNotice title="The run was not started" message={create.error.message} /> : null}
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending || create.isSuccess} aria-keyshortcuts="Control+Enter Meta+Enter">
          {create.isPending || create.isSuccess ? 'Starting…' : 'Start run'}
        </button>
        <span className="hidden text-xs text-zinc-500 sm:inline dark:text-zinc-400">
          or <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd>
        </span>
        <button type="button" className={buttonStyles.secondary} onClick={() => router.back()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
