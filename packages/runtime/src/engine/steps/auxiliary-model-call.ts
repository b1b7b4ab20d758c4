import type { ModelCall } from '../../contracts/model-call';
import { InvalidModelResponseError } from '../../errors';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';
import { invokeModel } from './invoke-model';

/**
 * The ModelCall handed to compaction and completion modules: same gateway and budget as the loop,
 * never any tools, and a reply with tool calls is rejected rather than acted on.
 */
export function createAuxiliaryModelCall(services: EngineServices, state: RunState, recorder: StepRecorder, signal: AbortSignal): ModelCall {
  return async (request) => {
    const response = await invokeModel(services, state, recorder, signal, {
      purpose: request.purpose,
      messages: request.messages,
      tools: [],
      ...(request.options ? { options: request.options } : {}),
    });
    if (response.toolCalls.length > 0) throw new InvalidModelResponseError(`A ${request.purpose} call may not return tool calls`);
    return { text: response.text, usage: response.usage };
  };
}
