import { readFile } from 'node:fs/promises';

import { z } from 'zod';

/**
 * The eval file, LongMemEval-style: dated chat sessions to remember, and questions naming every
 * session that holds the answer. No answer session means the question is about something never
 * discussed (abstention). `type` groups the report; `question_date` is the search's reference date.
 */
export const evalDataSchema = z.object({
  split: z.string().optional(),
  sessions: z.array(
    z.object({
      id: z.string().min(1),
      /** When the conversation happened; ingested as each item's occurredAt. */
      date: z.iso.datetime().optional(),
      turns: z.array(z.object({ role: z.string(), content: z.string() })),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.string().min(1),
      type: z.string().min(1).default('untyped'),
      question: z.string().min(1),
      question_date: z.iso.date().optional(),
      answer_session_ids: z.array(z.string().min(1)),
      answer: z.string().optional(),
    }),
  ),
});
export type EvalData = z.infer<typeof evalDataSchema>;
export type EvalQuestion = EvalData['questions'][number];

export async function readEvalData(path: string): Promise<EvalData> {
  const data = evalDataSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  const sessionIds = new Set(data.sessions.map((session) => session.id));
  const unknown = data.questions.flatMap((question) => question.answer_session_ids.filter((id) => !sessionIds.has(id)).map((id) => `${question.id} → ${id}`));
  if (unknown.length > 0) throw new Error(`${path}: questions name sessions that are not in the file: ${unknown.join(', ')}`);
  return data;
}
