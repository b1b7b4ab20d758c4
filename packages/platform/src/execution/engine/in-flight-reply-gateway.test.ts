import type { ModelCallPurpose, ModelGateway, ModelRequest, ModelResponse } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';

import { InFlightReplyGateway, inFlightReplyOf, type InFlightReply } from './in-flight-reply-gateway';

/** A model that answers every call it is asked with a call of its own id, and counts them. */
class CountingModel implements ModelGateway {
  readonly moduleId = 'counting-model/v1';
  readonly asked: { purpose: ModelCallPurpose; instanceId: string; step: number }[] = [];

  checkpointConfig(): Record<string, unknown> {
    return { model: 'm' };
  }

  invoke(request: ModelRequest): Promise<ModelResponse> {
    this.asked.push({ purpose: request.purpose, ...request.instance });
    return Promise.resolve({
      text: '',
      toolCalls: [{ id: `live-${this.asked.length}`, name: 'charge', argumentsJson: '{}' }],
      usage: { inputTokens: 1, outputTokens: 1 },
      model: 'm',
      finishReason: 'tool-calls',
    });
  }
}

const stored: InFlightReply = {
  step: 3,
  response: {
    text: 'Charging.',
    toolCalls: [{ id: 'call_stored', name: 'charge', argumentsJson: '{"cents":500}' }],
    usage: { inputTokens: 9, outputTokens: 4 },
    model: 'm',
    finishReason: 'tool-calls',
  },
};

function request(purpose: ModelCallPurpose, instanceId: string, step: number, deltas: string[] = []): ModelRequest {
  return {
    messages: [],
    tools: [],
    purpose,
    instance: { instanceId, step },
    options: {},
    signal: new AbortController().signal,
    onTextDelta: (delta) => deltas.push(delta),
  };
}

describe('InFlightReplyGateway', () => {
  it("answers the run's action call of the stored step with the stored reply, once", async () => {
    const model = new CountingModel();
    const gateway = new InFlightReplyGateway(model, 'run-1', stored);
    const deltas: string[] = [];

    expect(await gateway.invoke(request('action', 'run-1', 3, deltas))).toEqual(stored.response);
    expect(deltas).toEqual(['Charging.']);
    expect(model.asked).toEqual([]);
    // Served once: were the step asked again, the model would answer it.
    expect((await gateway.invoke(request('action', 'run-1', 3))).toolCalls[0]!.id).toBe('live-1');
  });

  it('sends every other call to the model: another step, another purpose, a sub-agent', async () => {
    const model = new CountingModel();
    const gateway = new InFlightReplyGateway(model, 'run-1', stored);

    await gateway.invoke(request('action', 'run-1', 4));
    await gateway.invoke(request('action', 'run-1', 2));
    await gateway.invoke(request('compaction', 'run-1', 3));
    await gateway.invoke(request('action', 'child-of-run-1', 3));

    expect(model.asked).toEqual([
      { purpose: 'action', instanceId: 'run-1', step: 4 },
      { purpose: 'action', instanceId: 'run-1', step: 2 },
      { purpose: 'compaction', instanceId: 'run-1', step: 3 },
      { purpose: 'action', instanceId: 'child-of-run-1', step: 3 },
    ]);
    // Still kept for its own step.
    expect(await gateway.invoke(request('action', 'run-1', 3))).toEqual(stored.response);
  });

  it("keeps the model's module id and checkpoint config, so a resume sees the same bindings", () => {
    const gateway = new InFlightReplyGateway(new CountingModel(), 'run-1', stored);
    expect(gateway.moduleId).toBe('counting-model/v1');
    expect(gateway.checkpointConfig()).toEqual({ model: 'm' });
  });
});

describe('inFlightReplyOf', () => {
  it('reads the column as the drivers return it, and serves nothing it cannot read', () => {
    expect(inFlightReplyOf(null)).toBeUndefined();
    expect(inFlightReplyOf(stored)).toEqual(stored);
    expect(inFlightReplyOf(JSON.stringify(stored))).toEqual(stored);
    expect(inFlightReplyOf({ step: 0, response: stored.response })).toBeUndefined();
    expect(inFlightReplyOf({ step: 3, response: { text: 'no calls field' } })).toBeUndefined();
  });
});
