'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { optionalWholeNumber } from '~/features/tenants/components/optional-whole-number';
import { useTRPC } from '~/trpc/react';

/** Slug, name and retention; the server validates each field and names the one it refuses. */
export function CreateTenantForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [retentionDays, setRetentionDays] = useState('');
  const create = useMutation(
    trpc.tenants.create.mutationOptions({
      onSuccess: async () => {
        setSlug('');
        setName('');
        setRetentionDays('');
        await queryClient.invalidateQueries({ queryKey: trpc.tenants.pathKey() });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ slug, name, retentionDays: optionalWholeNumber(retentionDays) });
  }

  return (
    <section aria-label="Create a tenant" className={`${cardStyles} space-y-4 p-5`}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <label className="block min-w-40 flex-1 text-sm font-medium">
          Slug
          <input
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            required
            maxLength={64}
            placeholder="e.g. acme"
            spellCheck={false}
            className={`${inputStyles} mt-1 font-mono`}
          />
        </label>
        <label className="block min-w-48 flex-1 text-sm font-medium">
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} placeholder="e.g. Acme Inc." className={`${inputStyles} mt-1`} />
        </label>
        <label className="block w-40 text-sm font-medium">
          Retention (days)
          <input
            value={retentionDays}
            onChange={(event) => setRetentionDays(event.target.value)}
            inputMode="numeric"
            placeholder="keep forever"
            className={`${inputStyles} mt-1`}
          />
        </label>
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create tenant'}
        </button>
        <p className="w-full text-xs text-zinc-500 dark:text-zinc-400">
          The slug is lowercase letters, digits and single dashes. Leave retention empty to keep finished runs forever.
        </p>
      </form>
      {create.error ? <ErrorNotice title="The tenant was not created" message={create.error.message} /> : null}
    </section>
  );
}
