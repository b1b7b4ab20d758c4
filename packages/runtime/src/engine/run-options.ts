import type { ApprovalDecision } from '../contracts/approval';
import type { Message } from '../contracts/messages';

export interface StartOptions {
  task: string;
  /** Run id; generated when omitted. */
  instanceId?: string;
  /** Aborting cancels the run like `AgentRun.cancel()`. */
  signal?: AbortSignal;
  /**
   * Earlier turns to seed the conversation with (e.g. a thread's previous runs), oldest first; the
   * host chooses and budgets them. Only user and assistant messages without tool calls are accepted.
   * They are persisted by the first step right after the task, at indexes 2 …
   */
  history?: readonly Message[];
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
