import { describe, expect, it } from 'vitest';
import { argumentsPanels } from './approval-arguments';

const proposed = { invoice: 'INV-1' };
const edited = { invoice: 'INV-2' };
const gate = { kind: 'gate' as const, originalArguments: proposed };
const question = { kind: 'outcome-question' as const, originalArguments: proposed };

describe('argumentsPanels', () => {
  it('shows a gate the model arguments, then an approver edit', () => {
    expect(argumentsPanels({ ...gate, editedArguments: null })).toEqual([{ label: 'Arguments', value: proposed }]);
    expect(argumentsPanels({ ...gate, editedArguments: edited })).toEqual([
      { label: 'Arguments', value: proposed },
      { label: 'Edited arguments', value: edited },
    ]);
  });

  it('shows an outcome question the arguments the call ran with first: the edit, labelled, before the proposal', () => {
    expect(argumentsPanels({ ...question, editedArguments: edited })).toEqual([
      { label: 'Arguments it ran with (edited by an approver)', value: edited },
      { label: 'Arguments the model proposed (not run)', value: proposed },
    ]);
    expect(argumentsPanels({ ...question, editedArguments: null })).toEqual([{ label: 'Arguments it ran with', value: proposed }]);
  });
});
