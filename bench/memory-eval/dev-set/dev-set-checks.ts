import { sharedContentStems } from './content-words';
import type { DevQuestion, DevSession } from './dev-set-types';

/** What is wrong with a dev set, one line each: unknown or duplicate ids, label rules, paraphrase overlap. */
export function devSetProblems(sessions: readonly DevSession[], questions: readonly DevQuestion[]): string[] {
  const problems: string[] = [];
  const byId = new Map<string, DevSession>();
  for (const session of sessions) {
    if (byId.has(session.id)) problems.push(`duplicate session id ${session.id}`);
    byId.set(session.id, session);
  }
  const seenQuestions = new Set<string>();
  for (const question of questions) {
    const label = `${question.type} "${question.question}"`;
    if (seenQuestions.has(question.question)) problems.push(`duplicate question ${label}`);
    seenQuestions.add(question.question);
    for (const id of question.answerSessionIds) if (!byId.has(id)) problems.push(`${label} names unknown session ${id}`);
    if (question.type === 'abstention' && question.answerSessionIds.length > 0) problems.push(`${label}: abstention questions label no session`);
    if (question.type !== 'abstention' && question.answerSessionIds.length === 0) problems.push(`${label}: needs an answer session`);
    if (question.type === 'multi-session' && question.answerSessionIds.length < 2) problems.push(`${label}: multi-session needs ≥ 2 sessions`);
    if (question.type === 'paraphrase') {
      const texts = question.answerSessionIds.flatMap((id) => byId.get(id)?.turns.map((turn) => turn.content) ?? []);
      const shared = sharedContentStems(question.question, texts);
      if (shared.length > 0) problems.push(`${label} shares content words with its session: ${shared.join(', ')}`);
    }
  }
  return problems;
}
