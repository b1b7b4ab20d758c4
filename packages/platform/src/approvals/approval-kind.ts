/**
 * What an approval asks. A `gate` holds a tool call before it runs (approve, reject or edit it); an
 * `outcome-question` asks, after a crash, whether an unsafe call that already ran completed (approve = it
 * completed, reject = it did not) and cannot be edited (ADR 0105).
 */
export type ApprovalKind = 'gate' | 'outcome-question';

/**
 * How an outcome question's `requestReason` starts (`askAboutOutcome` writes `outcome unknown: <why>`). The
 * kind is stored in no column of its own, so this prefix is what tells it; queries that select questions in the
 * database (`startsWith`) use it too. Everything else asks `approvalKind`.
 */
export const outcomeQuestionPrefix = 'outcome unknown';

/** The kind of an approval, read from its request reason. */
export function approvalKind(requestReason: string): ApprovalKind {
  return requestReason.startsWith(outcomeQuestionPrefix) ? 'outcome-question' : 'gate';
}
