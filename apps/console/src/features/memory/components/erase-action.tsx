'use client';

import type { EraseReceipt } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { useIsAdmin } from '~/features/memory/hooks/use-is-admin';
import { shortId } from '~/features/memory/short-id';
import { useTRPC } from '~/trpc/react';

interface EraseActionProps {
  unit: 'run' | 'thread';
  id: string;
  /** Called with the receipt once the rows are gone; the caller shows it where it fits. */
  onErased: (receipt: EraseReceipt) => void;
}

/** "Erase thread" / "Erase run" for admins: confirm, erase in one transaction, hand back the receipt. */
export function EraseAction({ unit, id, onErased }: EraseActionProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const [confirming, setConfirming] = useState(false);
  const onSuccess = async (receipt: EraseReceipt) => {
    setConfirming(false);
    onErased(receipt);
    // Everything that may have shown the erased rows.
    await Promise.all([trpc.memory, trpc.threads, trpc.runs].map((router) => queryClient.invalidateQueries({ queryKey: router.pathKey() })));
  };
  const eraseThread = useMutation(trpc.memory.eraseThread.mutationOptions({ onSuccess }));
  const eraseRun = useMutation(trpc.memory.eraseRun.mutationOptions({ onSuccess }));
  const erase = unit === 'thread' ? eraseThread : eraseRun;
  if (!isAdmin) return null;

  return (
    <>
      <button
        type="button"
        className={buttonStyles.danger}
        onClick={() => {
          erase.reset();
          setConfirming(true);
        }}
      >
        Erase {unit}
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Erase ${unit} ${shortId(id)}?`}
        confirmLabel={`Erase ${unit}`}
        pending={erase.isPending}
        error={erase.error?.message ?? null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => (unit === 'thread' ? eraseThread.mutate({ threadId: id }) : eraseRun.mutate({ runId: id }))}
      >
        {unit === 'thread'
          ? 'Every run of this thread goes, with its messages, tool calls, events, checkpoints, approvals, memory items, injection records and vectors. '
          : 'This run goes, with its messages, tool calls, events, checkpoints, approvals, the memory it wrote, injection records and vectors. '}
        This cannot be undone; you get a receipt with the rows removed per table.
      </ConfirmDialog>
    </>
  );
}
