import { describe, expect, it } from 'vitest';

import type { EvalData } from './eval-data';
import { summarize } from './eval-summary';
import type { EvalRow } from './evaluate';
import { missesReport } from './eval-misses';

const data: EvalData = {
  sessions: [],
  questions: [
    { id: 'found', type: 'single-hop', question: 'Where is standup?', answer_session_ids: ['s1'] },
    { id: 'lost', type: 'multi-session', question: 'Which two teams moved?', answer_session_ids: ['s1', 's2'] },
    { id: 'quiet', type: 'abstention', question: 'What is our dentist called?', answer_session_ids: [] },
    { id: 'loud', type: 'abstention', question: 'When is my flight to Lisbon?', answer_session_ids: [] },
  ],
};

const outcomes = [
  { id: 'found', type: 'single-hop', answerSessionIds: ['s1'], rankedSessionIds: ['s1'], hits: [{ score: 0.6 }] },
  { id: 'lost', type: 'multi-session', answerSessionIds: ['s1', 's2'], rankedSessionIds: ['s1', 's3', 's4', 's5', 's6', 's2'], hits: [{ score: 0.5 }] },
  { id: 'quiet', type: 'abstention', answerSessionIds: [], rankedSessionIds: ['s9'], hits: [{ score: 0.5, parts: { relevance: 0.1, evidence: 0.2 }, sessionId: 's9' }] },
  { id: 'loud', type: 'abstention', answerSessionIds: [], rankedSessionIds: ['s7'], hits: [{ score: 0.5, parts: { relevance: 0.3, evidence: 0.6 }, sessionId: 's7' }] },
];

const row: EvalRow = { embedder: 'e', retrieval: 'hybrid', summary: summarize(outcomes, 0.35), msPerQuery: 1, ingestSeconds: 1, outcomes };

describe('missesReport', () => {
  it('lists answerable questions missing a session at k and never-discussed ones not abstained, with why', () => {
    const lines = missesReport(row, data, { k: 5, minScore: 0.35 }).split('\n');
    expect(lines).toEqual([
      'misses of e hybrid at R@5, abstention at 0.35:',
      '  [multi-session] lost "Which two teams moved?" — missing s2 (rank 6); first: s1, s3, s4, s5, s6',
      '  [abstention] loud "When is my flight to Lisbon?" — best 0.60 in s7',
    ]);
  });
});
