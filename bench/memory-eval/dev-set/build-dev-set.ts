import { allQuestions, allSessions } from './all-questions';
import { devSetProblems } from './dev-set-checks';
import type { DevSession } from './dev-set-types';
import { splitQuestions, type EvalQuestion } from './split-questions';

/** Share of each question type kept out of tuning. */
export const heldOutShare = 0.3;

export interface EvalFile {
  split: 'dev' | 'held-out';
  sessions: DevSession[];
  questions: EvalQuestion[];
}

/** The two eval files from the hand-written sources; throws when the sources break a rule. */
export function buildDevSet(): { dev: EvalFile; heldOut: EvalFile } {
  const problems = devSetProblems(allSessions, allQuestions);
  if (problems.length > 0) throw new Error(`the dev set has problems:\n${problems.join('\n')}`);
  const { dev, heldOut } = splitQuestions(allQuestions, heldOutShare);
  const sessions = allSessions.map(({ id, date, turns }) => ({ id, date, turns }));
  return { dev: { split: 'dev', sessions, questions: dev }, heldOut: { split: 'held-out', sessions, questions: heldOut } };
}

/** The file text, as committed. */
export function evalFileText(file: EvalFile): string {
  return `${JSON.stringify(file, null, 1)}\n`;
}
