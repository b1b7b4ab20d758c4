import { createHash } from 'node:crypto';

import { questionTypes, type DevQuestion } from './dev-set-types';

/** A question with its stable id, in the shape the eval reads. */
export interface EvalQuestion {
  id: string;
  type: DevQuestion['type'];
  question: string;
  question_date: string;
  answer_session_ids: string[];
  answer: string;
}

/** Questions are asked at the end of the recorded period unless they say otherwise. */
export const defaultQuestionDate = '2026-07-31';

/**
 * Splits by question, per type, so both halves have every type in the same proportion: within a
 * type, questions are ordered by a hash of their text (deterministic, independent of file order)
 * and the first `heldOutShare` go to held-out. Sessions are shared by both halves.
 */
export function splitQuestions(questions: readonly DevQuestion[], heldOutShare: number): { dev: EvalQuestion[]; heldOut: EvalQuestion[] } {
  const dev: EvalQuestion[] = [];
  const heldOut: EvalQuestion[] = [];
  for (const type of questionTypes) {
    const ofType = questions
      .filter((question) => question.type === type)
      .map((question, index) => toEvalQuestion(question, `${type}-${String(index + 1).padStart(2, '0')}`));
    const ordered = [...ofType].sort((left, right) => hashOf(left.question).localeCompare(hashOf(right.question)));
    const heldOutCount = Math.round(ordered.length * heldOutShare);
    const heldOutIds = new Set(ordered.slice(0, heldOutCount).map((question) => question.id));
    for (const question of ofType) (heldOutIds.has(question.id) ? heldOut : dev).push(question);
  }
  return { dev, heldOut };
}

function toEvalQuestion(question: DevQuestion, id: string): EvalQuestion {
  return {
    id,
    type: question.type,
    question: question.question,
    question_date: question.questionDate ?? defaultQuestionDate,
    answer_session_ids: question.answerSessionIds,
    answer: question.answer,
  };
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
