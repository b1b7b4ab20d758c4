/** One remembered conversation: dated, alternating user / assistant turns. */
export interface DevSession {
  id: string;
  /** ISO timestamp of the conversation (ingested as the items' occurredAt). */
  date: string;
  turns: { role: 'user' | 'assistant'; content: string }[];
}

export const questionTypes = ['single-hop', 'paraphrase', 'knowledge-update', 'multi-session', 'temporal', 'abstention'] as const;
export type QuestionType = (typeof questionTypes)[number];

/** A question as written, before ids and the split are assigned. */
export interface DevQuestion {
  type: QuestionType;
  question: string;
  /** Every session needed to answer (all must be retrieved); empty for abstention. */
  answerSessionIds: string[];
  /** The expected answer, for reviewers (retrieval is scored on sessions, not on this text). */
  answer: string;
  /** When the question is asked (ISO date); relative time words resolve against it. */
  questionDate?: string;
}

/** A session from alternating turns, the user speaking first. */
export function session(id: string, date: string, ...turns: string[]): DevSession {
  return {
    id,
    date: `${date}T10:00:00.000Z`,
    turns: turns.map((content, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', content })),
  };
}

export function question(type: QuestionType, text: string, answerSessionIds: string[], answer: string, questionDate?: string): DevQuestion {
  return { type, question: text, answerSessionIds, answer, ...(questionDate ? { questionDate } : {}) };
}
