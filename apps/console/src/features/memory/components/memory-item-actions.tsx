'use client';

import type { MemoryItemView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

/** Pin/unpin and forget (after a confirmation) for operators. */
export function MemoryItemActions({ item, onForgotten }: { item: MemoryItemView; onForgotten: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canOperate = useCanOperate();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.memory.pathKey() });
  const pin = useMutation(trpc.memory.pin.mutationOptions({ onSuccess: refresh }));
  const unpin = useMutation(trpc.memory.unpin.mutationOptions({ onSuccess: refresh }));
  const forget = useMutation(
    trpc.memory.forget.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        onForgotten();
        // The item is gone: drop its cached detail instead of refetching a 404.
        queryClient.removeQueries({ queryKey: trpc.memory.get.queryKey({ memoryItemId: item.id }) });
        await refresh();
      },
    }),
  );
  if (!canOperate) return null;
  const toggle = item.pinned ? unpin : pin;
  const error = pin.error ?? unpin.error;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ memoryItemId: item.id })}
        aria-pressed={item.pinned}
      >
        {item.pinned ? 'Unpin' : 'Pin'}
      </button>
      <button
        type="button"
        className={buttonStyles.danger}
        onClick={() => {
          forget.reset();
          setConfirming(true);
        }}
      >
        Forget
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error.message}
        </span>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Forget this memory?"
        confirmLabel="Forget"
        pending={forget.isPending}
        error={forget.error?.message ?? null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => forget.mutate({ memoryItemId: item.id })}
      >
        The item, its vector and its injection records are deleted for good; no search or run will see it again. Earlier values it replaced under its key are
        forgotten with it, so none comes back. Runs that already used it keep their transcripts.
      </ConfirmDialog>
    </div>
  );
}
