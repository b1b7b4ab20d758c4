'use client';

import type { TenantView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { optionalWholeNumber } from '~/features/tenants/components/optional-whole-number';
import { useTRPC } from '~/trpc/react';

const numberFields = [
  { key: 'retentionDays', label: 'Retention (days)', emptyMeans: 'keep forever' },
  { key: 'rateLimitPerMinute', label: 'Requests per minute per key', emptyMeans: 'instance default' },
  { key: 'rateLimitBurst', label: 'Burst per key', emptyMeans: 'instance default' },
] as const;

type NumberField = (typeof numberFields)[number]['key'];

/** Name, retention and rate limits; an empty number field clears the setting (null). */
export function TenantSettingsForm({ tenant, onSaved }: { tenant: TenantView; onSaved: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(tenant.name);
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    retentionDays: tenant.retentionDays?.toString() ?? '',
    rateLimitPerMinute: tenant.rateLimitPerMinute?.toString() ?? '',
    rateLimitBurst: tenant.rateLimitBurst?.toString() ?? '',
  });
  const update = useMutation(
    trpc.tenants.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.tenants.pathKey() });
        onSaved();
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({
      tenantId: tenant.id,
      name,
      retentionDays: optionalWholeNumber(numbers.retentionDays),
      rateLimitPerMinute: optionalWholeNumber(numbers.rateLimitPerMinute),
      rateLimitBurst: optionalWholeNumber(numbers.rateLimitBurst),
    });
  }

  return (
    <form onSubmit={submit} aria-label={`Settings of ${tenant.slug}`} className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-end gap-3">
        <label className="block min-w-48 flex-1 text-sm font-medium">
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} className={`${inputStyles} mt-1`} />
        </label>
        {numberFields.map((field) => (
          <label key={field.key} className="block w-48 text-sm font-medium">
            {field.label}
            <input
              value={numbers[field.key]}
              onChange={(event) => setNumbers({ ...numbers, [field.key]: event.target.value })}
              inputMode="numeric"
              placeholder={field.emptyMeans}
              className={`${inputStyles} mt-1`}
            />
          </label>
        ))}
        <button type="submit" className={buttonStyles.primary} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
      {update.error ? <ErrorNotice title="The settings were not saved" message={update.error.message} /> : null}
    </form>
  );
}
