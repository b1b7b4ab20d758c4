import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { readEvalData } from './eval-data';

async function fileWith(content: unknown): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'memory-eval-')), 'set.json');
  await writeFile(path, JSON.stringify(content));
  return path;
}

const sessions = [{ id: 's1', date: '2026-05-05T10:00:00.000Z', turns: [{ role: 'user', content: 'We moved logs to Loki.' }] }];

describe('readEvalData', () => {
  it('accepts a question with no answer session (abstention) and an untyped legacy question', async () => {
    const data = await readEvalData(
      await fileWith({
        sessions,
        questions: [
          { id: 'q1', type: 'abstention', question: 'Which Redis region?', answer_session_ids: [] },
          { id: 'q2', question: 'Where do logs go?', answer_session_ids: ['s1'] },
        ],
      }),
    );
    expect(data.questions.map((question) => [question.type, question.answer_session_ids.length])).toEqual([
      ['abstention', 0],
      ['untyped', 1],
    ]);
  });

  it('rejects a question naming a session that is not in the file', async () => {
    const path = await fileWith({ sessions, questions: [{ id: 'q1', question: 'Where?', answer_session_ids: ['s1', 'missing'] }] });
    await expect(readEvalData(path)).rejects.toThrow(/q1 → missing/);
  });
});
