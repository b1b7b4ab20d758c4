'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The label of the button that backs out; "Cancel" unless that word would be ambiguous (cancelling a run). */
  cancelLabel?: string;
  pending: boolean;
  /** The server's refusal, shown inside the dialog so the choice can be retried or abandoned. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question before a destructive action (forget, erase, revoke, archive, cancel a run). The native <dialog>
 * traps focus, closes on Escape and puts the page behind it out of reach; focus starts on Cancel
 * so that Enter alone never destroys anything.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', pending, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-full max-w-md rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="space-y-3 p-5">
        <h2 className="text-base font-semibold">{title}</h2>
        <div className="text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
        {error ? <ErrorNotice title="That did not work" message={error} /> : null}
      </div>
      <div className="flex justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <button ref={cancel} type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </button>
        <button type="button" className={buttonStyles.danger} onClick={onConfirm} disabled={pending}>
          {pending ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
