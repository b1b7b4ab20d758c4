import { describe, expect, it } from 'vitest';

import type { EvalData } from './eval-data';
import { sessionBm25Outcomes } from './reference-bm25';

const turn = (content: string) => ({ role: 'user', content });
const data: EvalData = {
  sessions: [
    { id: 'loki', turns: [turn('We are moving application logs from Elasticsearch to Loki.'), turn('Loki keeps logs for 30 days.')] },
    { id: 'tempo', turns: [turn('Traces go to Grafana Tempo with ten percent sampling.')] },
    { id: 'lunch', turns: [turn('The cafeteria closes at noon on Fridays.')] },
  ],
  questions: [
    { id: 'q1', type: 'single-hop', question: 'How long are the logs kept?', answer_session_ids: ['loki'] },
    { id: 'q2', type: 'abstention', question: 'Which Redis version?', answer_session_ids: [] },
  ],
};

describe('BM25 over sessions (reference row)', () => {
  it('ranks the session sharing the most weighted stems first, matching inflected forms', () => {
    const [answerable] = sessionBm25Outcomes(data, 10);
    expect(answerable?.rankedSessionIds[0]).toBe('loki');
  });

  it('returns nothing for a question sharing no stem with any session', () => {
    const [, unanswerable] = sessionBm25Outcomes(data, 10);
    expect(unanswerable?.rankedSessionIds).toEqual([]);
    expect(unanswerable?.hits).toEqual([]);
  });
});
