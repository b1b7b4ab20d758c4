'use client';

import type { TenantView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { inputStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { useTRPC } from '~/trpc/react';

/**
 * Erasing a tenant removes every row it has and cannot be undone: the operator types the slug, as
 * the API's `confirmSlug` demands, and the server refuses any other text (shown in the dialog).
 */
export function EraseTenantDialog({ tenant, open, onClose }: { tenant: TenantView; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirmSlug, setConfirmSlug] = useState('');
  const erase = useMutation(
    trpc.tenants.erase.mutationOptions({
      onSuccess: async () => {
        setConfirmSlug('');
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.tenants.pathKey() });
      },
    }),
  );
  const inputId = `erase-confirm-${tenant.id}`;
  return (
    <ConfirmDialog
      open={open}
      title={`Erase ${tenant.slug}?`}
      confirmLabel="Erase tenant"
      pending={erase.isPending}
      error={erase.error?.message ?? null}
      onConfirm={() => erase.mutate({ tenantId: tenant.id, confirmSlug })}
      onCancel={() => {
        setConfirmSlug('');
        erase.reset();
        onClose();
      }}
    >
      <p>
        Every run, thread, memory, agent, key and audit entry of “{tenant.name}” is deleted, and this cannot be undone. It is refused
        while the tenant has queued or running runs.
      </p>
      <label htmlFor={inputId} className="mt-3 block font-medium text-zinc-900 dark:text-zinc-100">
        Type the slug <span className="font-mono">{tenant.slug}</span> to confirm
      </label>
      <input
        id={inputId}
        value={confirmSlug}
        onChange={(event) => setConfirmSlug(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        className={`${inputStyles} mt-1 font-mono`}
      />
    </ConfirmDialog>
  );
}
