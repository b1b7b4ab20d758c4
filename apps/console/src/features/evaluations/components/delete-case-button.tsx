'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { useTRPC } from '~/trpc/react';
import type { DatasetCase } from './dataset-case';

/** Deletes a case after asking; the server refuses a case an experiment already replayed, and the dialog says why. */
export function DeleteCaseButton({ dataset, testCase }: { dataset: string; testCase: DatasetCase }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation(
    trpc.datasets.deleteCase.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        await queryClient.invalidateQueries({ queryKey: trpc.datasets.pathKey() });
      },
    }),
  );
  return (
    <>
      <button type="button" className={buttonStyles.danger} onClick={() => setOpen(true)} aria-label={`Delete case ${testCase.position}`}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        title={`Delete case ${testCase.position}?`}
        confirmLabel="Delete case"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate({ name: dataset, caseId: testCase.id })}
        onCancel={() => {
          remove.reset();
          setOpen(false);
        }}
      >
        The case leaves the dataset in a new version; experiments that already ran keep their results, so a case one of them replayed cannot be deleted.
      </ConfirmDialog>
    </>
  );
}
