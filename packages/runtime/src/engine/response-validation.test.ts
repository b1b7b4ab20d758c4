import { describe, expect, it } from 'vitest';
import { InvalidModelResponseError } from '../errors';
import { ModelGatewayError } from '../models/model-gateway-error';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { normalizeResponse } from './steps/normalize-response';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

const usage = { inputTokens: 1, outputTokens: 1 };
const base = { usage, model: 'm', finishReason: 'stop' as const };

describe('normalizeResponse', () => {
  it('rejects an empty reply', () => {
    expect(() => normalizeResponse({ ...base, text: '  ', toolCalls: [] }, new Set())).toThrow(InvalidModelResponseError);
  });

  it('rejects malformed tool calls', () => {
    expect(() => normalizeResponse({ ...base, text: '', toolCalls: [{ id: 'a', name: 'lookup', argumentsJson: '{not json' }] }, new Set())).toThrow(/not valid JSON/);
    expect(() => normalizeResponse({ ...base, text: '', toolCalls: [{ id: 'a', name: 'lookup', argumentsJson: '[1]' }] }, new Set())).toThrow(/JSON object/);
    expect(() => normalizeResponse({ ...base, text: '', toolCalls: [{ id: '', name: 'lookup', argumentsJson: '{}' }] }, new Set())).toThrow(/no id/);
    expect(() => normalizeResponse({ ...base, text: '', toolCalls: [{ id: 'a', name: '', argumentsJson: '{}' }] }, new Set())).toThrow(/no tool name/);
  });

  it('rejects duplicate call ids within a reply and against earlier calls', () => {
    const twice = [
      { id: 'a', name: 'lookup', argumentsJson: '{}' },
      { id: 'a', name: 'lookup', argumentsJson: '{}' },
    ];
    expect(() => normalizeResponse({ ...base, text: '', toolCalls: twice }, new Set())).toThrow(/Duplicate tool call id a/);
    expect(() => normalizeResponse({ ...base, text: '', toolCalls: [{ id: 'old', name: 'lookup', argumentsJson: '{}' }] }, new Set(['old']))).toThrow(/Duplicate/);
  });

  it('treats empty argument text as an empty object', () => {
    expect(normalizeResponse({ ...base, text: '', toolCalls: [{ id: 'a', name: 'lookup', argumentsJson: '' }] }, new Set()).toolCalls?.[0]?.arguments).toEqual({});
  });
});

describe('invalid replies in a run', () => {
  it('stops with invalid-model-response on an empty reply and stores nothing of it', async () => {
    const model = new ScriptedModel([{ text: '' }]);
    const engine = createEngine(reactSnapshot, { model });
    const run = engine.start({ task: 'Say something' });
    const step = await run.step();
    expect(step.next).toMatchObject({ type: 'interrupted', reason: 'failed', error: { kind: 'invalid-model-response' } });
    expect(step.messages.map((entry) => entry.message.role)).toEqual(['system', 'user']);
    expect(run.transcript()).toHaveLength(2);
  });

  it('rejects a call id reused from an earlier turn without running the tool again', async () => {
    let executions = 0;
    const counting = lookupTool({
      execute() {
        executions += 1;
        return Promise.resolve({ content: 'ok' });
      },
    });
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'same', name: 'lookup', arguments: { word: 'a' } }] },
      { toolCalls: [{ id: 'same', name: 'lookup', arguments: { word: 'b' } }] },
    ]);
    const engine = createEngine(reactSnapshot, { model, configureTools: (registry) => registry.register(counting) });
    const outcome = await engine.execute('Look twice');
    expect(outcome.next).toMatchObject({ type: 'interrupted', error: { kind: 'invalid-model-response', message: 'Duplicate tool call id same' } });
    expect(executions).toBe(1);
    expect(outcome.transcript.filter((message) => message.role === 'assistant')).toHaveLength(1);
  });

  it('maps an untyped gateway failure to model-call-failed', async () => {
    const model = new ScriptedModel([{ error: new Error('503 upstream') }]);
    const outcome = await createEngine(reactSnapshot, { model }).execute('Hi');
    expect(outcome.next).toMatchObject({ type: 'interrupted', reason: 'failed', error: { kind: 'model-call-failed' } });
  });

  it('keeps the provider kind of a typed gateway failure, so the run says what to fix', async () => {
    const failure = new ModelGatewayError('provider-auth', 'openai:gpt-test failed with HTTP 401: unauthorized (check the API key)', { statusCode: 401 });
    const outcome = await createEngine(reactSnapshot, { model: new ScriptedModel([{ error: failure }]) }).execute('Hi');
    expect(outcome.next).toMatchObject({ type: 'interrupted', reason: 'failed', error: { kind: 'provider-auth', message: failure.message } });
  });
});
