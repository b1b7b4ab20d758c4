import { ScriptedModel } from '@agentloom/runtime/testing';
import { describe, expect, it } from 'vitest';

import { judgeCase, parseJudgeReply } from './judge-scorer';

const judged = { input: 'Refund order A1', output: 'Order A1 refunded.', expected: 'Order A1 refunded.', runId: 'run-1' };

describe('LLM-as-judge scorer', () => {
  it('asks the judge with the rubric, task, answer and reference, and stores its score and explanation', async () => {
    const model = new ScriptedModel(['Sure. {"score": 0.9, "explanation": "Correct and polite."}']);
    const score = await judgeCase(model, 'Is the refund confirmed?', 0.5, judged, new AbortController().signal);
    expect(score).toEqual({ scorer: 'llm-judge', passed: true, value: 0.9, explanation: 'judge: 0.9 (≥ 0.5): Correct and polite.' });
    const request = model.actionRequests[0]!;
    expect(request.tools).toEqual([]);
    expect(request.messages[1]!.content).toBe('Rubric:\nIs the refund confirmed?\n\nTask:\nRefund order A1\n\nAnswer:\nOrder A1 refunded.\n\nReference answer:\nOrder A1 refunded.');
  });

  it('fails below the threshold, on a reply without a score, and when the judge cannot be asked', async () => {
    await expect(judgeCase(new ScriptedModel(['{"score": 0.2, "explanation": "Wrong order."}']), 'r', 0.5, judged, new AbortController().signal)).resolves.toMatchObject({ passed: false, value: 0.2 });
    await expect(judgeCase(new ScriptedModel(['Looks good to me!']), 'r', 0.5, judged, new AbortController().signal)).resolves.toMatchObject({
      passed: false,
      value: 0,
      explanation: 'the judge replied without a score: "Looks good to me!"',
    });
    await expect(judgeCase(new ScriptedModel([]), 'r', 0.5, judged, new AbortController().signal)).resolves.toMatchObject({ passed: false, explanation: expect.stringContaining('the judge could not be asked') as unknown });
  });

  it('reads the JSON out of a code fence and refuses scores outside 0…1', () => {
    expect(parseJudgeReply('```json\n{"score": 1, "explanation": "ok"}\n```')).toEqual({ score: 1, explanation: 'ok' });
    expect(parseJudgeReply('{"score": 7, "explanation": "great"}')).toBeNull();
  });
});
