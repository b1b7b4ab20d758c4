import createEngine from 'wink-bm25-text-search';

import { contentTokens } from './dev-set/content-words';
import type { EvalData } from './eval-data';
import { summarize, type QuestionOutcome } from './eval-summary';
import type { EvalOptions, EvalRow } from './evaluate';

/**
 * The reference row issue 13 measured against: plain BM25 (k1 1.2, b 0.75) over whole sessions,
 * Porter2-stemmed with Snowball's stop list, outside the product (no database, no dates). It ranks
 * sessions directly, so it is an upper-bound-style peer for lexical ranking, not a configuration.
 * Its scores are not calibrated: it "abstains" only when no session shares a stem with the question.
 */
export function sessionBm25Outcomes(data: EvalData, limit: number): QuestionOutcome[] {
  const engine = createEngine();
  engine.defineConfig({ fldWeights: { text: 1 }, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
  engine.definePrepTasks([contentTokens]);
  for (const session of data.sessions) engine.addDoc({ text: session.turns.map((turn) => turn.content).join('\n') }, session.id);
  engine.consolidate();
  return data.questions.map((question) => {
    const results = engine.search(question.question, limit);
    return {
      id: question.id,
      type: question.type,
      answerSessionIds: question.answer_session_ids,
      rankedSessionIds: results.map(([id]) => id),
      // Uncalibrated scores: any returned session passes any threshold.
      hits: results.map(() => ({ score: Number.POSITIVE_INFINITY })),
    };
  });
}

/** The reference as a row of the comparison table. */
export function referenceBm25Row(data: EvalData, options: EvalOptions): EvalRow {
  const started = performance.now();
  const outcomes = sessionBm25Outcomes(data, options.searchLimit);
  const msPerQuery = (performance.now() - started) / Math.max(1, data.questions.length);
  return { embedder: '—', retrieval: 'BM25 over sessions (reference)', summary: summarize(outcomes, options.minScore), msPerQuery, ingestSeconds: 0, outcomes };
}
