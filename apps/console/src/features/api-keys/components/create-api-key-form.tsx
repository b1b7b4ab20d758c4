'use client';

import type { CreatedApiKey } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { NewSecretNotice } from '~/features/api-keys/components/new-secret-notice';
import { useTRPC } from '~/trpc/react';

const roleHints = {
  viewer: 'read everything, change nothing',
  operator: 'start and cancel runs, decide approvals, write memories',
  admin: 'everything, including agents, keys and erasure',
} as const;

/** Name and role; the created key's secret is shown below the form, once. */
export function CreateApiKeyForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [role, setRole] = useState<keyof typeof roleHints>('viewer');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (key) => {
        setCreated(key);
        setName('');
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.audit.pathKey() });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name, role });
  }

  return (
    <section aria-label="Create an API key" className={`${cardStyles} space-y-4 p-5`}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <label className="block min-w-56 flex-1 text-sm font-medium">
          Key name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={100}
            placeholder="e.g. CI pipeline"
            className={`${inputStyles} mt-1`}
          />
        </label>
        <label className="block text-sm font-medium">
          Role
          <select value={role} onChange={(event) => setRole(event.target.value as keyof typeof roleHints)} className={`${inputStyles} mt-1`}>
            {Object.keys(roleHints).map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
        <p className="w-full text-xs text-zinc-500 dark:text-zinc-400">
          A {role} key can {roleHints[role]}.
        </p>
      </form>
      {create.error ? <ErrorNotice title="The key was not created" message={create.error.message} /> : null}
      {created ? <NewSecretNotice apiKey={created} onDismiss={() => setCreated(null)} /> : null}
    </section>
  );
}
