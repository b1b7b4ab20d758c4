import type { RunView } from '@agentloom/platform';

type RunRepeat = RunView['repeat'];

/** One refusal the run actions show instead of a button: which actions it refuses and the server's reason. */
export interface RepeatRefusalNote {
  /** "Retry", "Re-run", "Retry, re-run and fork"… */
  actions: string;
  reason: string;
}

const actionNames: Record<keyof RunRepeat, string> = { retry: 'retry', rerun: 're-run', fork: 'fork' };

/**
 * Why the run page offers no retry, re-run or fork of this run, one note per reason. Refusals by the
 * run's status are left out: a running or succeeded run simply has no Retry, as the status says; the
 * others (a replay, an archived agent or thread) would otherwise leave a button missing unexplained.
 */
export function repeatRefusalNotes(repeat: RunRepeat): RepeatRefusalNote[] {
  const byReason = new Map<string, string[]>();
  for (const action of ['retry', 'rerun', 'fork'] as const) {
    const { refusedBy, reason } = repeat[action];
    if (refusedBy === null || refusedBy === 'status' || reason === null) continue;
    byReason.set(reason, [...(byReason.get(reason) ?? []), actionNames[action]]);
  }
  return [...byReason].map(([reason, actions]) => ({ actions: capitalize(listed(actions)), reason }));
}

function listed(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
