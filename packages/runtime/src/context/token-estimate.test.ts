import { describe, expect, it } from 'vitest';
import type { ModelCall } from '../contracts/model-call';
import type { Message } from '../contracts/messages';
import { BudgetCompactionPolicy } from './budget-compaction-policy';
import { JournalContextManager } from './journal-context-manager';
import { countMessageCharacters, TokenEstimator } from './token-estimate';

const noModel: ModelCall = () => Promise.reject(new Error('no compaction expected under budget'));

function toolTurn(turn: number): Message[] {
  return [
    { role: 'assistant', content: '', toolCalls: [{ id: `call-${turn}`, name: 'lookup', arguments: { word: `word-${turn}`, note: 'x'.repeat(40) } }] },
    { role: 'tool', toolCallId: `call-${turn}`, toolName: 'lookup', content: `definition of word-${turn}` },
  ];
}

describe('token estimates', () => {
  it('measure each journal message once over a 1,000-turn run, however often the compaction check runs', async () => {
    let measured = 0;
    const estimator = new TokenEstimator((message) => {
      measured += 1;
      return countMessageCharacters(message);
    });
    const policy = new BudgetCompactionPolicy({ contextTokens: 10_000_000, estimator });
    const journal = new JournalContextManager();
    journal.create({ systemPrompt: 'You look up words.', task: 'Look up the words.' });
    const reference = new TokenEstimator();
    for (let turn = 0; turn < 1_000; turn += 1) {
      journal.append(toolTurn(turn));
      const view = journal.prepare();
      expect(await policy.compact({ instanceId: 'i', task: journal.task(), plan: null, ...view }, noModel)).toBeNull();
    }
    // Two messages pinned at create, two per turn: each measured exactly once although every step re-checks the whole view.
    expect(measured).toBe(2 + 2 * 1_000);
    // …and the cached figures are the real ones.
    const view = journal.prepare().messages;
    const uncached = view.reduce((total, message) => total + Math.ceil(countMessageCharacters(message) / 3) + 4, 0);
    expect(estimator.estimateTokens(view)).toBe(uncached);
    expect(reference.estimateTokens(view)).toBe(uncached);
  });

  it('re-measure a message that is not frozen, since it may have changed', () => {
    let measured = 0;
    const estimator = new TokenEstimator((message) => {
      measured += 1;
      return countMessageCharacters(message);
    });
    const draft: Message = { role: 'user', content: 'short' };
    expect(estimator.messageCharacters(draft)).toBe(5);
    draft.content = 'a good deal longer';
    expect(estimator.messageCharacters(draft)).toBe(18);
    expect(measured).toBe(2);
  });
});

describe('token estimates over successive views', () => {
  it('give the same totals as measuring from scratch, through growth, a cut, an edited unfrozen message and another list', () => {
    const estimator = new TokenEstimator();
    const fresh = (messages: readonly Message[]) => messages.reduce((total, message) => total + Math.ceil(countMessageCharacters(message) / 3) + 4, 0);
    const journal = new JournalContextManager();
    journal.create({ systemPrompt: 'system', task: 'task' });
    for (let turn = 0; turn < 50; turn += 1) {
      journal.append(toolTurn(turn));
      const view = journal.prepare().messages;
      expect(estimator.estimateTokens(view)).toBe(fresh(view));
    }
    journal.applyCompaction({ cutoffIndex: 40, summary: 'earlier turns', tokensBefore: 0, tokensAfter: 0 });
    const cut = journal.prepare().messages;
    expect(estimator.estimateTokens(cut)).toBe(fresh(cut));
    const draft: Message = { role: 'user', content: 'short' };
    expect(estimator.estimateTokens([...cut, draft])).toBe(fresh([...cut, draft]));
    draft.content = 'x'.repeat(300);
    expect(estimator.estimateTokens([...cut, draft])).toBe(fresh([...cut, draft]));
    const other = [{ role: 'user', content: 'another run' } as const];
    expect(estimator.estimateTokens(other)).toBe(fresh(other));
    expect(estimator.estimateTokens(cut.slice(0, 10))).toBe(fresh(cut.slice(0, 10)));
  });
});
