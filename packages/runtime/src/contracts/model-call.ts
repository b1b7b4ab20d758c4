import type { Message } from './messages';
import type { ModelCallOptions, ModelUsage } from './model-gateway';

/** Purposes a module may use; `action` is reserved for the engine's own loop. */
export type AuxiliaryPurpose = 'compaction' | 'verification' | 'summary';

export interface AuxiliaryModelRequest {
  purpose: AuxiliaryPurpose;
  messages: readonly Message[];
  options?: ModelCallOptions;
}

export interface AuxiliaryModelReply {
  text: string;
  usage: ModelUsage;
}

/**
 * The host-provided way for modules to call the model. It goes through the run's gateway and budget,
 * fixes the instance, never offers tools, and rejects replies that contain tool calls.
 * Throws `LimitExceededError` when the model-call budget is spent and `AbortedError` when cancelled.
 */
export type ModelCall = (request: AuxiliaryModelRequest) => Promise<AuxiliaryModelReply>;
