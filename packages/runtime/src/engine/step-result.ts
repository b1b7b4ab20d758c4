import type { ApprovalRequest } from '../contracts/approval';
import type { DelegationIdentity } from '../contracts/hooks';
import type { RuntimeEvent } from '../contracts/events';
import type { Message } from '../contracts/messages';
import type { ModelUsage } from '../contracts/model-gateway';
import type { ToolSideEffects } from '../contracts/tool';
import type { Citation } from '../contracts/tool-context';
import type { RuntimeErrorKind } from '../errors';
import type { Checkpoint } from '../checkpoint/checkpoint-schema';
import type { WaitingCall } from '../contracts/wait';
import type { BudgetExceeded } from '../contracts/budget-guard';

/** The spent budget a run is paused on, with the message shown to operators. */
export interface BudgetPause extends BudgetExceeded {
  message: string;
}

/**
 * Why a run stopped without a final answer. `host-stopping`: the host aborted the step because it is
 * shutting down (`HostStoppingError`); the run did not end, and the host must not commit the step.
 */
export type InterruptReason = 'cancelled' | 'host-stopping' | 'model-call-limit' | 'iteration-limit' | 'completion-blocked' | 'failed';

/**
 * What the host does next. `run-again` means "persist and call `step()` again"; the other three end
 * this execution (approval-request until a human decides, then the host resumes from the checkpoint).
 */
export type NextStep =
  | { type: 'final-output'; output: string }
  | { type: 'run-again' }
  | { type: 'approval-request'; requests: ApprovalRequest[] }
  /**
   * Calls parked on durable waits: the host releases the lease and resumes the run when a wait ends.
   * With `budgetPause` (and no waits) a spent budget whose policy is `pause` parked the run at the
   * step boundary: the host resumes it when an operator says so (ADR 0057).
   */
  | { type: 'wait'; waits: WaitingCall[]; budgetPause?: BudgetPause }
  | { type: 'interrupted'; reason: InterruptReason; message: string; error?: { kind: RuntimeErrorKind; message: string } };

/** Ledger status of a tool call as of the end of the step. */
export type ToolCallStatus = 'awaiting-approval' | 'rejected' | 'vetoed' | 'succeeded' | 'failed';

/** One tool call touched in this step, for the platform's ToolCall ledger. */
export interface ToolCallRecord {
  callId: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Empty string for a call to an unknown tool. */
  implementationId: string;
  sideEffects: ToolSideEffects | null;
  idempotencyKey: string;
  status: ToolCallStatus;
  /** The output as stored (within the engine's cap); `outputBytes` is the tool's full output size. */
  result?: { content: string; isError: boolean; data?: unknown; outputBytes?: number };
  /** True when the result was not produced now but replayed from the host's ledger (the call ran in an earlier attempt). */
  replayed?: boolean;
  /** Set for a sub-agent's call: `callId` is `<parentCallId>/<childCallId>`; the ledger links it to the parent call. */
  delegation?: DelegationIdentity;
}

/** A message appended to the transcript in this step, with its absolute index. */
export interface IndexedTranscriptMessage {
  index: number;
  message: Message;
}

/** Everything a host persists for one step, ideally in one transaction. */
export interface StepResult {
  instanceId: string;
  /** 1-based number of this step within the run (continues across resume). */
  step: number;
  next: NextStep;
  messages: IndexedTranscriptMessage[];
  toolCalls: ToolCallRecord[];
  citations: Citation[];
  events: RuntimeEvent[];
  checkpoint: Checkpoint;
  /** Model usage of this step, auxiliary calls included. */
  usage: ModelUsage;
}

/** What `runUntilPause` returns: the last step's outcome plus totals. */
export interface RunOutcome {
  instanceId: string;
  next: Exclude<NextStep, { type: 'run-again' }>;
  /** Steps taken by this call. */
  steps: number;
  checkpoint: Checkpoint;
  transcript: readonly Message[];
  usage: ModelUsage;
}
