import type { ApprovalDecision } from '../contracts/approval';
import type { Message } from '../contracts/messages';

export interface StartOptions {
  task: string;
  /** Run id; generated when omitted. */
  instanceId?: string;
  /** Aborting cancels the run like `AgentRun.cancel()`. */
  signal?: AbortSignal;
}

export interface ResumeOptions {
  /** The last checkpoint, as stored (JSON text or object); validated against the checkpoint schema. */
  checkpoint: unknown;
  /** The full persisted transcript, in index order. */
  messages: readonly Message[];
  /** Decisions for every call awaiting approval. */
  decisions?: readonly ApprovalDecision[];
  /** A follow-up user message, appended before the next model call. */
  input?: string;
  signal?: AbortSignal;
}
