'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

/** Sets or removes a daily or monthly budget of the tenant or one agent (admin). */
export function SetBudgetForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: true }));
  const [agentId, setAgentId] = useState('');
  const [period, setPeriod] = useState<'daily' | 'monthly'>('daily');
  const [maxTokens, setMaxTokens] = useState('');
  const [maxCostUsd, setMaxCostUsd] = useState('');
  const [onExceeded, setOnExceeded] = useState<'fail' | 'pause'>('fail');
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.budgets.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.audit.pathKey() });
  };
  const set = useMutation(trpc.budgets.set.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.budgets.remove.mutationOptions({ onSuccess: refresh }));
  const target = { period, ...(agentId ? { agentId } : {}) };

  function submit(event: FormEvent) {
    event.preventDefault();
    remove.reset();
    set.mutate({ ...target, maxTokens: maxTokens === '' ? null : Number(maxTokens), maxCostUsd: maxCostUsd === '' ? null : Number(maxCostUsd), onExceeded });
  }

  const error = set.error ?? remove.error;
  return (
    <section aria-label="Set a budget" className={`${cardStyles} space-y-3 p-5`}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <label className="block text-sm font-medium">
          Whose
          <select value={agentId} onChange={(event) => setAgentId(event.target.value)} className={`${inputStyles} mt-1`}>
            <option value="">The tenant</option>
            {agents.data?.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          Window
          <select value={period} onChange={(event) => setPeriod(event.target.value as 'daily' | 'monthly')} className={`${inputStyles} mt-1`}>
            <option value="daily">Daily (UTC)</option>
            <option value="monthly">Monthly (UTC)</option>
          </select>
        </label>
        <label className="block w-40 text-sm font-medium">
          Max tokens
          <input type="number" min={1} step={1} value={maxTokens} onChange={(event) => setMaxTokens(event.target.value)} placeholder="no limit" className={`${inputStyles} mt-1`} />
        </label>
        <label className="block w-40 text-sm font-medium">
          Max cost (USD)
          <input type="number" min={0.000001} step="any" value={maxCostUsd} onChange={(event) => setMaxCostUsd(event.target.value)} placeholder="no limit" className={`${inputStyles} mt-1`} />
        </label>
        <label className="block text-sm font-medium">
          When spent
          <select value={onExceeded} onChange={(event) => setOnExceeded(event.target.value as 'fail' | 'pause')} className={`${inputStyles} mt-1`}>
            <option value="fail">Fail the run</option>
            <option value="pause">Pause for an operator</option>
          </select>
        </label>
        <button type="submit" className={buttonStyles.primary} disabled={set.isPending}>
          {set.isPending ? 'Saving…' : 'Save budget'}
        </button>
        <button
          type="button"
          className={buttonStyles.danger}
          disabled={remove.isPending}
          onClick={() => {
            set.reset();
            remove.mutate(target);
          }}
        >
          Remove budget
        </button>
      </form>
      {error ? <ErrorNotice title="The budget was not changed" message={error.message} /> : null}
    </section>
  );
}
