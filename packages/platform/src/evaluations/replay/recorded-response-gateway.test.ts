import { ScriptedModel } from '@agentloom/runtime/testing';
import type { Message, ModelRequest } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';

import type { RecordedMessage } from '../case-fixture';
import { RecordedResponseGateway } from './recorded-response-gateway';

const transcript: RecordedMessage[] = [
  { role: 'system', content: 'Be brief.', kind: 'message' },
  { role: 'user', content: 'Refund A1', kind: 'message' },
  { role: 'assistant', content: 'Looking.', kind: 'message', toolCalls: [{ id: 'c1', name: 'lookup', arguments: { id: 'A1' } }], usage: { inputTokens: 7, outputTokens: 3, costUsd: 0 } },
  { role: 'tool', content: 'paid', kind: 'message', toolCallId: 'c1', toolName: 'lookup', isError: false },
  { role: 'assistant', content: 'Done.', kind: 'message' },
];

const request = (messages: Message[]): ModelRequest => ({ messages, tools: [], purpose: 'action', instance: { instanceId: 'run', step: 1 }, options: {}, signal: new AbortController().signal });

describe('recorded-response gateway', () => {
  it('answers with the recorded reply and usage while the conversation equals the recording (call ids aside)', async () => {
    const live = new ScriptedModel([{ text: 'live answer' }]);
    const gateway = new RecordedResponseGateway(transcript, live);
    const first = await gateway.invoke(request([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Refund A1' }]));
    expect(first).toMatchObject({ text: 'Looking.', toolCalls: [{ id: 'c1', name: 'lookup', argumentsJson: '{"id":"A1"}' }], usage: { inputTokens: 7, outputTokens: 3 } });
    const second = await gateway.invoke(
      request([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Refund A1' },
        { role: 'assistant', content: 'Looking.', toolCalls: [{ id: 'other-id', name: 'lookup', arguments: { id: 'A1' } }] },
        { role: 'tool', toolCallId: 'other-id', toolName: 'lookup', content: 'paid' },
      ]),
    );
    expect(second.text).toBe('Done.');
  });

  it('hands the call to the version’s model from the first difference (a changed system prompt)', async () => {
    const live = new ScriptedModel([{ text: 'live answer' }]);
    const gateway = new RecordedResponseGateway(transcript, live);
    const answer = await gateway.invoke(request([{ role: 'system', content: 'Be verbose.' }, { role: 'user', content: 'Refund A1' }]));
    expect(answer.text).toBe('live answer');
  });

  it('says which calls it serves, agreeing with invoke: only action calls on the recorded conversation (ADR 0071)', async () => {
    const live = new ScriptedModel([{ text: 'live answer' }, { text: 'live check' }]);
    const gateway = new RecordedResponseGateway(transcript, live);
    const onRecording: Message[] = [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Refund A1' }];
    const diverged: Message[] = [{ role: 'system', content: 'Be verbose.' }, { role: 'user', content: 'Refund A1' }];
    expect(gateway.servesRecorded({ purpose: 'action', messages: onRecording })).toBe(true);
    expect(gateway.servesRecorded({ purpose: 'verification', messages: onRecording })).toBe(false);
    expect(gateway.servesRecorded({ purpose: 'action', messages: diverged })).toBe(false);
    expect(gateway.servesRecorded({ purpose: 'action', messages: [...onRecording, { role: 'assistant', content: 'Looking.', toolCalls: [{ id: 'x', name: 'lookup', arguments: { id: 'A1' } }] }, { role: 'tool', toolCallId: 'x', toolName: 'lookup', content: 'paid' }, { role: 'assistant', content: 'Done.' }] })).toBe(false);
    await gateway.invoke(request(onRecording));
    await gateway.invoke({ ...request(onRecording), purpose: 'verification' });
    await gateway.invoke(request(diverged));
    expect(live.requests.map((call) => call.purpose)).toEqual(['verification', 'action']);
  });
});
