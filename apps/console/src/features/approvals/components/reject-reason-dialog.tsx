'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';

interface RejectReasonDialogProps {
  /** What is rejected, e.g. "send_notification in run 1a2b3c4d" or "3 approvals"; null: closed. */
  subject: string | null;
  pending: boolean;
  error: string | null;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks why before rejecting (the agent reads the reason as the tool's result). The native <dialog>
 * traps focus, closes on Escape and keeps the page behind it out of reach; focus starts in the
 * reason field, and Reject stays disabled until there is one.
 */
export function RejectReasonDialog({ subject, pending, error, onReject, onCancel }: RejectReasonDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const open = subject !== null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setReason('');
      element.showModal();
      field.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() !== '') onReject(reason.trim());
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-full max-w-md rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form onSubmit={submit}>
        <div className="space-y-3 p-5">
          <h2 id={titleId} className="text-base font-semibold">
            Reject {subject}
          </h2>
          <label htmlFor={`${titleId}-reason`} className="block text-sm font-medium">
            Reason for rejecting
          </label>
          <textarea
            ref={field}
            id={`${titleId}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              // Ctrl/⌘+Enter submits, as in the other forms of the console.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
            }}
            required
            rows={3}
            placeholder="The agent reads this as the tool result."
            className={inputStyles}
          />
          {error ? <ErrorNotice title="The decision was not recorded" message={error} /> : null}
        </div>
        <div className="flex justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <button type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.danger} disabled={pending || reason.trim() === ''}>
            {pending ? 'Rejecting…' : 'Reject'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
