import { readFile } from 'node:fs/promises';

import { z } from 'zod';

/** The eval file: chat sessions to remember, and questions naming the sessions that hold the answer. */
export const evalDataSchema = z.object({
  sessions: z.array(z.object({ id: z.string().min(1), turns: z.array(z.object({ role: z.string(), content: z.string() })) })),
  questions: z.array(z.object({ id: z.string().min(1), question: z.string().min(1), answer_session_ids: z.array(z.string()).min(1) })),
});
export type EvalData = z.infer<typeof evalDataSchema>;

export async function readEvalData(path: string): Promise<EvalData> {
  return evalDataSchema.parse(JSON.parse(await readFile(path, 'utf8')));
}
