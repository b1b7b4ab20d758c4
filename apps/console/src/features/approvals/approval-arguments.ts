import type { ApprovalView } from '@agentloom/platform';

/** One block of arguments an approval shows, with the label that says whose they are. */
export interface ArgumentsPanel {
  label: string;
  value: unknown;
}

/**
 * The arguments to show, first what the decision is about. A gate shows the model's arguments, then an
 * approver's edit once decided with one. A question about an outcome (`kind` `outcome-question`) is about the
 * call that ran: with an approver's edit that call ran with the edit, so the edit comes first, labelled as such,
 * and the model's proposal after it — shown first and unlabelled, it was the call the operator judged (ADR 0105).
 */
export function argumentsPanels(approval: Pick<ApprovalView, 'kind' | 'originalArguments' | 'editedArguments'>): ArgumentsPanel[] {
  const edited = approval.editedArguments !== null;
  if (approval.kind === 'gate') {
    return [{ label: 'Arguments', value: approval.originalArguments }, ...(edited ? [{ label: 'Edited arguments', value: approval.editedArguments }] : [])];
  }
  if (!edited) return [{ label: 'Arguments it ran with', value: approval.originalArguments }];
  return [
    { label: 'Arguments it ran with (edited by an approver)', value: approval.editedArguments },
    { label: 'Arguments the model proposed (not run)', value: approval.originalArguments },
  ];
}
