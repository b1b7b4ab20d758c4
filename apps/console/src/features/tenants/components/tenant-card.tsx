'use client';

import type { MintedAdminKey, TenantView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorNotice } from '~/components/error-notice';
import { LocalTime } from '~/components/local-time';
import { NewSecretNotice } from '~/features/api-keys/components/new-secret-notice';
import { EraseTenantDialog } from '~/features/tenants/components/erase-tenant-dialog';
import { TenantSettingsForm } from '~/features/tenants/components/tenant-settings-form';
import { useTRPC } from '~/trpc/react';

/** One tenant: standing, settings, and the operator's actions on it. */
export function TenantCard({ tenant }: { tenant: TenantView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirmingSuspend, setConfirmingSuspend] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [minted, setMinted] = useState<MintedAdminKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tenants.pathKey() });
  const mint = useMutation(
    trpc.tenants.mintAdminKey.mutationOptions({
      onSuccess: async (key) => {
        setMinted(key);
        await refresh();
      },
    }),
  );
  const suspend = useMutation(
    trpc.tenants.suspend.mutationOptions({
      onSuccess: async () => {
        setConfirmingSuspend(false);
        await refresh();
      },
    }),
  );
  const resume = useMutation(trpc.tenants.resume.mutationOptions({ onSuccess: () => refresh() }));

  return (
    <article aria-label={`Tenant ${tenant.slug}`} className={`${cardStyles} space-y-4 p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold">{tenant.name}</span>
            <span className="font-mono text-sm text-zinc-600 dark:text-zinc-400">{tenant.slug}</span>
            <TenantStatus tenant={tenant} />
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
            <Setting label="Retention" value={tenant.retentionDays === null ? 'forever' : `${tenant.retentionDays} days`} />
            <Setting label="Rate per minute" value={tenant.rateLimitPerMinute?.toString() ?? 'instance default'} />
            <Setting label="Burst" value={tenant.rateLimitBurst?.toString() ?? 'instance default'} />
            <Setting label="Live admin keys" value={String(tenant.activeAdminKeys)} />
          </dl>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">Created <LocalTime iso={tenant.createdAt} /></p>
        </div>
        <div className="flex flex-wrap gap-2">
          {tenant.activeAdminKeys === 0 ? (
            <button type="button" className={buttonStyles.primary} disabled={mint.isPending} onClick={() => mint.mutate({ tenantId: tenant.id, name: 'Initial admin key' })}>
              {mint.isPending ? 'Minting…' : 'Mint first admin key'}
            </button>
          ) : null}
          <button type="button" className={buttonStyles.secondary} aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {editing ? 'Close settings' : 'Edit settings'}
          </button>
          {tenant.suspended ? (
            <button type="button" className={buttonStyles.secondary} disabled={resume.isPending} onClick={() => resume.mutate({ tenantId: tenant.id })}>
              {resume.isPending ? 'Resuming…' : 'Resume'}
            </button>
          ) : (
            <button type="button" className={buttonStyles.danger} onClick={() => setConfirmingSuspend(true)}>
              Suspend
            </button>
          )}
          <button type="button" className={buttonStyles.danger} onClick={() => setErasing(true)}>
            Erase
          </button>
        </div>
      </div>
      {minted ? <NewSecretNotice apiKey={minted} onDismiss={() => setMinted(null)} /> : null}
      {mint.error ? <ErrorNotice title="No admin key was minted" message={mint.error.message} /> : null}
      {resume.error ? <ErrorNotice title="The tenant was not resumed" message={resume.error.message} /> : null}
      {editing ? <TenantSettingsForm tenant={tenant} onSaved={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={confirmingSuspend}
        title={`Suspend ${tenant.slug}?`}
        confirmLabel="Suspend tenant"
        pending={suspend.isPending}
        error={suspend.error?.message ?? null}
        onConfirm={() => suspend.mutate({ tenantId: tenant.id })}
        onCancel={() => {
          setConfirmingSuspend(false);
          suspend.reset();
        }}
      >
        Its API keys and console sessions are refused from the next request on and its event streams end. Queued runs wait until you
        resume it; running runs finish.
      </ConfirmDialog>
      <EraseTenantDialog tenant={tenant} open={erasing} onClose={() => setErasing(false)} />
    </article>
  );
}

function TenantStatus({ tenant }: { tenant: TenantView }) {
  if (!tenant.suspended) {
    return <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">Active</span>;
  }
  return (
    <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-900 dark:bg-red-950 dark:text-red-200">
      Suspended{tenant.suspendedAt ? <> since <LocalTime iso={tenant.suspendedAt} /></> : null}
    </span>
  );
}

function Setting({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
