'use client';

import type { BatchView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorNotice } from '~/components/error-notice';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

type ExportFormat = 'jsonl' | 'csv';

/** The API's error message (`{ error: { message } }`), or the status when the body is not one. */
async function exportFailure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  return typeof body?.error?.message === 'string' ? body.error.message : `The server answered ${response.status}.`;
}
const contentTypes: Record<ExportFormat, string> = { jsonl: 'application/x-ndjson', csv: 'text/csv' };

/** Export (any role) as a JSONL or CSV download; cancel (confirmed in a dialog) and retry failed items (operators). */
export function BatchActions({ batch }: { batch: BatchView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canOperate = useCanOperate();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.batches.pathKey() });
  const cancel = useMutation(
    trpc.batches.cancel.mutationOptions({
      onSuccess: async () => {
        setConfirmingCancel(false);
        await refresh();
      },
    }),
  );
  const retry = useMutation(trpc.batches.retryFailed.mutationOptions({ onSuccess: refresh }));

  async function download(format: ExportFormat) {
    setExporting(format);
    setExportError(null);
    try {
      // The REST route streams the file with the page's session; tRPC would hold it whole on the server.
      const response = await fetch(`/api/v1/batches/${encodeURIComponent(batch.id)}/export?format=${format}`, { headers: { Accept: contentTypes[format] } });
      if (!response.ok) throw new Error(await exportFailure(response));
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `batch-${batch.id}.${format}`;
      link.click();
      // After the click has handed the file to the browser.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      setExportError((error as Error).message);
    } finally {
      setExporting(null);
    }
  }

  const failed = batch.progress.failed;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.secondary} disabled={exporting !== null} onClick={() => void download('jsonl')}>
          {exporting === 'jsonl' ? 'Exporting…' : 'Export JSONL'}
        </button>
        <button type="button" className={buttonStyles.secondary} disabled={exporting !== null} onClick={() => void download('csv')}>
          {exporting === 'csv' ? 'Exporting…' : 'Export CSV'}
        </button>
        {canOperate && batch.status !== 'cancelled' ? (
          <>
            <button type="button" className={buttonStyles.secondary} disabled={failed === 0 || retry.isPending} onClick={() => retry.mutate({ batchId: batch.id })}>
              {retry.isPending ? 'Retrying…' : `Retry ${failed} failed`}
            </button>
            {batch.status === 'running' ? (
              <button type="button" className={buttonStyles.danger} onClick={() => setConfirmingCancel(true)}>
                Cancel batch
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      {retry.data ? (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-200">
          {retry.data.retried === 1 ? '1 failed item queued again.' : `${retry.data.retried} failed items queued again.`}
        </p>
      ) : null}
      {retry.error ? <ErrorNotice title="The failed items were not retried" message={retry.error.message} /> : null}
      {exportError ? <ErrorNotice title="The export failed" message={exportError} /> : null}
      <ConfirmDialog
        open={confirmingCancel}
        title="Cancel this batch?"
        confirmLabel="Cancel batch"
        cancelLabel="Keep running"
        pending={cancel.isPending}
        error={cancel.error?.message ?? null}
        onConfirm={() => cancel.mutate({ batchId: batch.id })}
        onCancel={() => setConfirmingCancel(false)}
      >
        No queued item will start; running items are asked to stop. Finished items and their results stay, and can still be exported.
      </ConfirmDialog>
    </div>
  );
}
