import type { KeyboardEvent } from 'react';

/**
 * Ctrl+Enter (Cmd+Enter on a Mac) submits the form from any field, the textarea included, where a
 * plain Enter adds a line. `requestSubmit` runs the browser's validation and the form's onSubmit,
 * exactly as the submit button does.
 */
export function submitOnModifierEnter(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}
