import { describe, expect, it } from 'vitest';

import type { ModelRequest } from '../../contracts/model-gateway';
import { ScriptedModel } from '../../testing/scripted-model';
import { createEngine } from '../create-engine';
import { lookupTool } from '../test-support/lookup-tool';
import { transferTool } from '../test-support/approval-pause';
import { normalizeResponse } from './normalize-response';

const reply = (...ids: string[]) => ({
  usage: { inputTokens: 1, outputTokens: 1 },
  model: 'm',
  finishReason: 'tool-calls' as const,
  text: '',
  toolCalls: ids.map((id) => ({ id, name: 'lookup', argumentsJson: '{"word":"loom"}' })),
});

/**
 * A provider's call ids are the model's to choose. One with the sub-agent separator could equal a sub-agent's
 * qualified id (`<parentCall>/child-<n>/<childCall>`, ADR 0105), and the two calls would share a ledger row and
 * an approval: a reviewer approved what the inbox showed as the parent's read, and the child's close ran.
 */
describe('a call id with the sub-agent separator', () => {
  it('is replaced with a fresh id; other ids are kept as the model chose them', () => {
    const fresh = ['fresh-1'];
    const message = normalizeResponse(reply('D/child-1/c', 'plain'), new Set(), () => fresh.shift()!);
    expect(message.toolCalls?.map((call) => call.id)).toEqual(['fresh-1', 'plain']);
  });

  it('gets an id no other call of the reply or the run has, and without the separator', () => {
    const offered = ['known', 'later', 'still/slashed', 'free'];
    const message = normalizeResponse(reply('a/b', 'later'), new Set(['known']), () => offered.shift()!);
    expect(message.toolCalls?.map((call) => call.id)).toEqual(['free', 'later']);
    const derived = normalizeResponse(reply('x/1', 'y/2'), new Set());
    const [first, second] = derived.toolCalls!.map((call) => call.id);
    expect(first).toMatch(/^call_[0-9a-f]{32}$/);
    expect(second).toMatch(/^call_[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it('is derived from the provider id, so a reply served again on resume gives its calls the ids the ledger recorded', () => {
    const once = normalizeResponse(reply('x/1', 'plain'), new Set(['earlier']));
    const again = normalizeResponse(reply('x/1', 'plain'), new Set(['earlier']));
    expect(again.toolCalls?.map((call) => call.id)).toEqual(once.toolCalls?.map((call) => call.id));
    // Taken already (by the run): the next derived id, still the same on every normalization.
    const taken = new Set([once.toolCalls![0]!.id]);
    const next = normalizeResponse(reply('x/1'), taken).toolCalls![0]!.id;
    expect(next).toBe(`${once.toolCalls![0]!.id}_1`);
    expect(normalizeResponse(reply('x/1'), taken).toolCalls![0]!.id).toBe(next);
  });

  it('is still a duplicate when the model repeats it in one reply', () => {
    expect(() => normalizeResponse(reply('a/b', 'a/b'), new Set())).toThrow(/Duplicate tool call id a\/b/);
  });
});

describe('a parent call under a sub-agent-shaped id, then a delegation whose child asks approval', () => {
  const withCloser = {
    config: {
      mode: 'react' as const,
      completion: { verify: false, requireToolEvidence: false },
      subAgents: [{ name: 'closer', description: 'Closes', instructions: 'You close.' }],
    },
  };
  const isChild = (request: Pick<ModelRequest, 'messages'>) => request.messages[0]?.content.startsWith('You close.') === true;

  it('keeps the two calls apart, and the transcript the model reads echoes the id it was given', async () => {
    let parentTurn = 0;
    const model = new ScriptedModel([], {
      whenExhausted: (request: ModelRequest) => {
        if (isChild(request)) return { toolCalls: [{ id: 'c', name: 'transfer', arguments: { amount: 5, to: 'ada' } }] };
        parentTurn += 1;
        if (parentTurn === 1) return { toolCalls: [{ id: 'D/child-1/c', name: 'lookup', arguments: { word: 'ACC-E' } }] };
        return { toolCalls: [{ id: 'D', name: 'delegate', arguments: { agent: 'closer', task: 'close it' } }] };
      },
    });
    const executed: unknown[] = [];
    const engine = createEngine(withCloser, {
      model,
      approvals: { transfer: 'always' },
      configureTools: (registry) => {
        registry.register(lookupTool());
        registry.register(transferTool(executed));
      },
    });
    const outcome = await engine.execute({ task: 'Check ACC-E', instanceId: 'run-1' });
    await engine.close();

    expect(outcome.next).toMatchObject({ type: 'approval-request', requests: [{ callId: 'D/child-1/c', toolName: 'transfer' }] });
    const lookupCall = outcome.transcript.flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []) : [])).find((call) => call.name === 'lookup');
    expect(lookupCall?.id).toMatch(/^call_/);
    // What the model read on its next turn: its call under the new id, and the result answering that id.
    const afterLookup = model.actionRequests.filter((request) => !isChild(request))[1]!;
    const assistant = afterLookup.messages.find((message) => message.role === 'assistant');
    const result = afterLookup.messages.find((message) => message.role === 'tool');
    expect(assistant?.role === 'assistant' ? assistant.toolCalls?.map((call) => call.id) : undefined).toEqual([lookupCall!.id]);
    expect(result).toMatchObject({ role: 'tool', toolCallId: lookupCall!.id, toolName: 'lookup', content: 'definition of ACC-E' });
    expect(executed).toEqual([]);
  });
});
