import { checkpointFormatVersion, type Checkpoint } from '../../checkpoint/checkpoint-schema';

/** A small valid checkpoint for store tests. */
export function sampleCheckpoint(instanceId: string, step: number): Checkpoint {
  return {
    format: checkpointFormatVersion,
    instanceId,
    step,
    status: 'running',
    bindings: {
      modules: { model: { moduleId: 'scripted-model/v1', config: {} } },
      limits: { maxModelCalls: 96, maxIterations: 64 },
      tools: [{ name: 'lookup', implementationId: 'test-tools/v1/lookup', sideEffects: 'none', schemaHash: 'abc' }],
    },
    counters: { modelCalls: step, iterations: step, delegations: 0, succeededToolCalls: 0, failedToolCalls: 0 },
    eventSequence: step * 3,
    plan: { items: [{ id: '1', title: 'Look it up', status: 'in-progress' }] },
    pendingCalls: [],
    context: { messageCount: 2 + step, cutoffIndex: 2, summary: null },
    routing: null,
  };
}
