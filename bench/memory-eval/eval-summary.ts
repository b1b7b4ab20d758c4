import { abstains, recallAllAt, type ScoredHit } from './session-recall';

export const recallKs = [1, 3, 5, 10] as const;
export type RecallK = (typeof recallKs)[number];
export type RecallAt = Record<`R@${RecallK}`, number>;

/** One question's search result: the sessions in rank order and the hits' scores. */
export interface QuestionOutcome {
  id: string;
  type: string;
  answerSessionIds: readonly string[];
  rankedSessionIds: readonly string[];
  hits: readonly ScoredHit[];
}

export interface EvalSummary {
  /** Questions with at least one answer session; recall is averaged over these only. */
  answerable: number;
  recall: RecallAt;
  /** Recall per question type (abstention questions are not a type here). */
  byType: Record<string, { questions: number; recall: RecallAt }>;
  /** Abstention questions whose search came back with nothing at or above `minScore`. */
  abstention: { questions: number; abstained: number };
  /** Answerable questions that came back with nothing at or above `minScore`: the price of the threshold. */
  answerableLoss: { questions: number; empty: number };
  minScore: number;
}

/**
 * LongMemEval's rules: session-level recall_all@k over answerable questions, per type and overall;
 * abstention (no answer session) is scored apart — never folded into recall — as the share that came
 * back empty at the threshold, next to the share of answerable questions the same threshold empties.
 */
export function summarize(outcomes: readonly QuestionOutcome[], minScore: number): EvalSummary {
  const answerable = outcomes.filter((outcome) => outcome.answerSessionIds.length > 0);
  const unanswerable = outcomes.filter((outcome) => outcome.answerSessionIds.length === 0);
  const types = [...new Set(answerable.map((outcome) => outcome.type))];
  return {
    answerable: answerable.length,
    recall: recallOf(answerable),
    byType: Object.fromEntries(
      types.map((type) => {
        const ofType = answerable.filter((outcome) => outcome.type === type);
        return [type, { questions: ofType.length, recall: recallOf(ofType) }];
      }),
    ),
    abstention: { questions: unanswerable.length, abstained: unanswerable.filter((outcome) => abstains(outcome.hits, minScore)).length },
    answerableLoss: { questions: answerable.length, empty: answerable.filter((outcome) => abstains(outcome.hits, minScore)).length },
    minScore,
  };
}

function recallOf(outcomes: readonly QuestionOutcome[]): RecallAt {
  const mean = (k: RecallK) =>
    outcomes.length === 0 ? 0 : outcomes.reduce((sum, outcome) => sum + recallAllAt(k, outcome.rankedSessionIds, outcome.answerSessionIds), 0) / outcomes.length;
  return { 'R@1': mean(1), 'R@3': mean(3), 'R@5': mean(5), 'R@10': mean(10) };
}
