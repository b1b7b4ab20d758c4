import { serializeCheckpoint } from '../checkpoint/serialize';
import type { EngineServices } from './engine-services';
import type { RunState } from './run-state';
import type { StepRecorder } from './step-recorder';
import type { NextStep, StepResult } from './step-result';
import { buildCheckpoint } from './steps/build-checkpoint';

/** Closes a step: run status, end-of-run event and hook, then the checkpoint the host persists with the step. */
export async function finishStep(services: EngineServices, state: RunState, recorder: StepRecorder, next: NextStep): Promise<StepResult> {
  state.status = statusAfter(next);
  if (next.type === 'final-output' || next.type === 'interrupted') {
    recorder.emit('run-finished', next.type === 'final-output' ? { outcome: 'final-output' } : { outcome: 'interrupted', reason: next.reason, message: next.message });
    try {
      await services.modules.hooks.runFinished({ instanceId: state.instanceId, outcome: next.type === 'interrupted' ? `interrupted:${next.reason}` : next.type });
    } catch {
      // The run has already ended; a failing end hook must not turn a finished run into a lost one.
    }
  }
  const checkpoint = buildCheckpoint(services, state);
  checkpoint.step = state.stepNumber + 1;
  recorder.emit('checkpoint-saved', { step: checkpoint.step, status: checkpoint.status, bytes: serializeCheckpoint(checkpoint).length });
  // The checkpoint-saved event itself belongs before the resume point.
  checkpoint.eventSequence = state.eventSequence;
  state.stepNumber += 1;
  return {
    instanceId: state.instanceId,
    step: state.stepNumber,
    next,
    messages: recorder.messages,
    toolCalls: recorder.toolCalls,
    citations: recorder.citations,
    events: recorder.events,
    checkpoint,
    usage: recorder.usage,
  };
}

function statusAfter(next: NextStep): RunState['status'] {
  switch (next.type) {
    case 'final-output':
      return 'completed';
    case 'interrupted':
      return 'interrupted';
    case 'approval-request':
      return 'awaiting-approval';
    case 'wait':
      return 'waiting';
    case 'run-again':
      return 'running';
  }
}
