'use client';

import { useEffect, useRef } from 'react';

/** The inbox's shortcuts; the page lists them (`InboxKeyboardHelp`) and the buttons name theirs in `aria-keyshortcuts`. */
export interface InboxKeyboardActions {
  next: () => void;
  previous: () => void;
  toggleSelected: () => void;
  approve: () => void;
  reject: () => void;
  approveSelected: () => void;
  rejectSelected: () => void;
}

export const inboxShortcuts: { keys: string; label: string; action: keyof InboxKeyboardActions }[] = [
  { keys: 'j', label: 'Next request', action: 'next' },
  { keys: 'k', label: 'Previous request', action: 'previous' },
  { keys: 'x', label: 'Select or unselect the current request', action: 'toggleSelected' },
  { keys: 'a', label: 'Approve the current request', action: 'approve' },
  { keys: 'r', label: 'Reject the current request (asks for a reason)', action: 'reject' },
  { keys: 'Shift+A', label: 'Approve the selected requests', action: 'approveSelected' },
  { keys: 'Shift+R', label: 'Reject the selected requests (asks for a reason)', action: 'rejectSelected' },
];

const byKey: Record<string, keyof InboxKeyboardActions> = {
  j: 'next',
  k: 'previous',
  x: 'toggleSelected',
  a: 'approve',
  r: 'reject',
  A: 'approveSelected',
  R: 'rejectSelected',
};

/**
 * Single-key shortcuts for the inbox, as in mail clients. They stay out of the way of typing: not
 * in a text field, a select or an editable region, not with Ctrl/⌘/Alt (browser shortcuts), and
 * not while a dialog is open (its own keys apply there).
 */
export function useInboxKeyboard(actions: InboxKeyboardActions, enabled: boolean): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (document.querySelector('dialog[open]')) return;
      const action = byKey[event.key];
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
