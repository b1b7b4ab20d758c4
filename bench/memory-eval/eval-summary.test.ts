import { describe, expect, it } from 'vitest';

import { summarize, type QuestionOutcome } from './eval-summary';

function outcome(id: string, type: string, answerSessionIds: string[], rankedSessionIds: string[], scores: number[] = [0.5]): QuestionOutcome {
  return { id, type, answerSessionIds, rankedSessionIds, hits: scores.map((score) => ({ score })) };
}

describe('summarize', () => {
  const outcomes = [
    outcome('hit-first', 'single-hop', ['s1'], ['s1', 's2']),
    outcome('hit-fourth', 'single-hop', ['s1'], ['s2', 's3', 's4', 's1']),
    outcome('multi-one-of-two', 'multi-session', ['s1', 's2'], ['s1', 's3', 's4', 's5', 's6', 's7']),
    outcome('multi-both', 'multi-session', ['s1', 's2'], ['s2', 's3', 's1']),
    outcome('never-discussed-empty', 'abstention', [], [], []),
    outcome('never-discussed-low', 'abstention', [], ['s9'], [0.1]),
    outcome('never-discussed-confident', 'abstention', [], ['s9'], [0.8]),
  ];
  const summary = summarize(outcomes, 0.3);

  it('averages recall_all@k over answerable questions only', () => {
    expect(summary.answerable).toBe(4);
    expect(summary.recall).toEqual({ 'R@1': 1 / 4, 'R@3': 2 / 4, 'R@5': 3 / 4, 'R@10': 3 / 4 });
  });

  it('reports recall per type, multi-session needing all sessions', () => {
    expect(summary.byType['single-hop']).toEqual({ questions: 2, recall: { 'R@1': 0.5, 'R@3': 0.5, 'R@5': 1, 'R@10': 1 } });
    expect(summary.byType['multi-session']).toEqual({ questions: 2, recall: { 'R@1': 0, 'R@3': 0.5, 'R@5': 0.5, 'R@10': 0.5 } });
    expect(summary.byType.abstention).toBeUndefined();
  });

  it('counts abstention apart: empty or below-threshold results abstain, a confident hit does not', () => {
    expect(summary.abstention).toEqual({ questions: 3, abstained: 2 });
  });

  it('reports answerable questions the threshold empties', () => {
    const lossy = summarize([outcome('a', 'single-hop', ['s1'], ['s1'], [0.2]), outcome('b', 'single-hop', ['s1'], ['s1'], [0.6])], 0.3);
    expect(lossy.answerableLoss).toEqual({ questions: 2, empty: 1 });
    expect(lossy.recall['R@1']).toBe(1);
  });

  it('does not crash on a set with no answerable question', () => {
    const only = summarize([outcome('x', 'abstention', [], [], [])], 0.3);
    expect(only.recall).toEqual({ 'R@1': 0, 'R@3': 0, 'R@5': 0, 'R@10': 0 });
    expect(only.abstention).toEqual({ questions: 1, abstained: 1 });
  });
});
