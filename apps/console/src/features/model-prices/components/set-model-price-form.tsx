'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

/** Sets or removes the price of one provider's model (admin). */
export function SetModelPriceForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [provider, setProvider] = useState('openai');
  const [model, setModel] = useState('');
  const [input, setInput] = useState('');
  const [output, setOutput] = useState('');
  const [cachedInput, setCachedInput] = useState('');
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.modelPrices.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.audit.pathKey() });
  };
  const set = useMutation(trpc.modelPrices.set.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.modelPrices.remove.mutationOptions({ onSuccess: refresh }));

  function submit(event: FormEvent) {
    event.preventDefault();
    remove.reset();
    set.mutate({ provider, model, inputUsdPerMillion: Number(input), outputUsdPerMillion: Number(output), cachedInputUsdPerMillion: cachedInput === '' ? null : Number(cachedInput) });
  }

  const error = set.error ?? remove.error;
  return (
    <section aria-label="Set a model price" className={`${cardStyles} space-y-3 p-5`}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <label className="block text-sm font-medium">
          Provider
          <select value={provider} onChange={(event) => setProvider(event.target.value)} className={`${inputStyles} mt-1`}>
            <option value="openai">openai</option>
            <option value="anthropic">anthropic</option>
            <option value="openai-compatible">openai-compatible</option>
          </select>
        </label>
        <label className="block w-56 text-sm font-medium">
          Model id
          <input required value={model} onChange={(event) => setModel(event.target.value)} placeholder="gpt-4o-mini" className={`${inputStyles} mt-1`} />
        </label>
        <label className="block w-36 text-sm font-medium">
          Input $/M tokens
          <input required type="number" min={0} step="any" value={input} onChange={(event) => setInput(event.target.value)} className={`${inputStyles} mt-1`} />
        </label>
        <label className="block w-36 text-sm font-medium">
          Output $/M tokens
          <input required type="number" min={0} step="any" value={output} onChange={(event) => setOutput(event.target.value)} className={`${inputStyles} mt-1`} />
        </label>
        <label className="block w-36 text-sm font-medium">
          Cached input $/M
          <input type="number" min={0} step="any" value={cachedInput} onChange={(event) => setCachedInput(event.target.value)} placeholder="none" className={`${inputStyles} mt-1`} />
        </label>
        <button type="submit" className={buttonStyles.primary} disabled={set.isPending}>
          {set.isPending ? 'Saving…' : 'Save price'}
        </button>
        <button
          type="button"
          className={buttonStyles.danger}
          disabled={remove.isPending || model === ''}
          onClick={() => {
            set.reset();
            remove.mutate({ provider, model });
          }}
        >
          Remove price
        </button>
      </form>
      {error ? <ErrorNotice title="The price was not changed" message={error.message} /> : null}
    </section>
  );
}
