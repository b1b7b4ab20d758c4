import { describe, expect, it } from 'vitest';

import { approvalKind, outcomeQuestionPrefix } from './approval-kind';

describe('approvalKind', () => {
  it('reads a question about a call outcome from the request reason askAboutOutcome writes', () => {
    expect(approvalKind(`${outcomeQuestionPrefix}: pay_invoice was running when its executor stopped`)).toBe('outcome-question');
    expect(approvalKind('outcome unknown: pay_invoice was running when its executor stopped')).toBe('outcome-question');
  });

  it('reads every other request as a gate, including one that only mentions an unknown outcome later', () => {
    expect(approvalKind('pay_invoice requires approval')).toBe('gate');
    expect(approvalKind('')).toBe('gate');
    expect(approvalKind('pay_invoice requires approval: outcome unknown')).toBe('gate');
    // The prefix is case-sensitive, as the database queries that select questions by it (`startsWith`) are.
    expect(approvalKind('Outcome unknown: a tool reason')).toBe('gate');
  });
});
