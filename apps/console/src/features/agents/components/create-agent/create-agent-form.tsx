'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { defaultStartingModel, StartingModelFields, startingModelConfig } from '~/features/agents/components/create-agent/starting-model-fields';
import { ModeChoice } from '~/features/agents/components/agent-editor/mode-choice';
import { fieldHintStyles, fieldLabelStyles } from '~/features/agents/components/agent-editor/field-styles';
import { useIsAdmin } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

/** Lowercase, dash-separated: what the server accepts as a slug. */
function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

/** A new agent starts as version 1 with instructions, a mode and what it runs on; everything else is edited on its page. */
export function CreateAgentForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [instructions, setInstructions] = useState('You are a helpful agent.');
  const [mode, setMode] = useState<'react' | 'plan'>('react');
  const [startingModel, setStartingModel] = useState(defaultStartingModel);
  const create = useMutation(
    trpc.agents.create.mutationOptions({
      onSuccess: async (agent) => {
        await queryClient.invalidateQueries({ queryKey: trpc.agents.list.pathKey() });
        router.push(`/agents/${agent.id}` as Route);
      },
    }),
  );
  const effectiveSlug = slug ?? slugFrom(name);

  if (!isAdmin) return <ErrorNotice title="Only admins create agents" message="Sign in with an admin key to create an agent." />;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name, slug: effectiveSlug, description, config: { instructions, mode, ...startingModelConfig(startingModel) } });
  }

  return (
    <form onSubmit={submit} aria-label="New agent" className={`${cardStyles} max-w-2xl space-y-5 p-6`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className={fieldLabelStyles}>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} className={`${inputStyles} mt-1`} />
        </label>
        <label className={fieldLabelStyles}>
          Slug
          <input value={effectiveSlug} onChange={(event) => setSlug(event.target.value)} required maxLength={64} className={`${inputStyles} mt-1 font-mono`} />
          <span className={fieldHintStyles}>Unique in this tenant; the API and CLI name the agent by it.</span>
        </label>
      </div>
      <label className={fieldLabelStyles}>
        Description <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
        <input value={description} onChange={(event) => setDescription(event.target.value)} maxLength={1_000} className={`${inputStyles} mt-1`} />
      </label>
      <label className={fieldLabelStyles}>
        Instructions
        <textarea value={instructions} onChange={(event) => setInstructions(event.target.value)} rows={6} className={`${inputStyles} mt-1 resize-y`} />
      </label>
      <ModeChoice value={mode} onChange={setMode} />
      <StartingModelFields value={startingModel} onChange={setStartingModel} />
      {create.error ? <ErrorNotice title="The agent was not created" message={create.error.message} /> : null}
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending || create.isSuccess}>
          {create.isPending || create.isSuccess ? 'Creating…' : 'Create agent'}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => router.back()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
