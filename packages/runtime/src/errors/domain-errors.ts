import type { WaitingCall } from '../contracts/wait';
import type { ProviderErrorKind } from './provider-error-kinds';
import type { BudgetExceeded } from '../contracts/budget-guard';
import { RuntimeError } from './runtime-error';

/** The model's reply was empty, carried a malformed tool call or reused a call id. Nothing of it was stored. */
export class InvalidModelResponseError extends RuntimeError {
  constructor(message: string) {
    super('invalid-model-response', message);
  }
}

/** Which execution budget ran out. */
export type LimitName = 'maxModelCalls' | 'maxIterations' | 'maxDelegations';

/** An execution budget was exhausted. */
export class LimitExceededError extends RuntimeError {
  readonly limit: LimitName;
  readonly value: number;

  constructor(limit: LimitName, value: number) {
    super('limit-exceeded', `Execution limit ${limit} (${value}) reached`);
    this.limit = limit;
    this.value = value;
  }
}

/** One difference between a checkpoint's recorded bindings and the engine trying to resume it. */
export interface BindingMismatch {
  /** Dotted path of the differing binding, e.g. `modules.compaction.moduleId` or `tools.search.implementationId`. */
  path: string;
  recorded: unknown;
  current: unknown;
}

/** Resume was refused because module or tool bindings differ from the checkpoint. */
export class ResumeMismatchError extends RuntimeError {
  readonly mismatches: readonly BindingMismatch[];

  constructor(mismatches: readonly BindingMismatch[]) {
    const details = mismatches
      .map((mismatch) => `${mismatch.path}: checkpoint has ${JSON.stringify(mismatch.recorded)}, engine has ${JSON.stringify(mismatch.current)}`)
      .join('; ');
    super('resume-mismatch', `Cannot resume: ${details}`);
    this.mismatches = mismatches;
  }
}

/**
 * Saving tool state (plan, invocation state) failed. Local changes were reverted; the run must stop
 * because the model would otherwise continue from state the store never saw.
 */
export class ToolStatePersistenceError extends RuntimeError {
  constructor(message: string, cause?: unknown) {
    super('tool-state-persistence', message, { cause });
  }
}

/** The run was cancelled or the engine closed while work was in flight. */
export class AbortedError extends RuntimeError {
  constructor(message = 'Run aborted') {
    super('aborted', message);
  }
}

/**
 * The host is stopping (its process shuts down and its drain time ran out), not the run: the abort
 * that carries this reason interrupts the step with reason `host-stopping`, never `cancelled`. The
 * host must not commit that step; it gives the run back and resumes it from its last committed
 * checkpoint, and a tool call the abort caught mid-flight is told `interruption: 'host-stopping'` so
 * the host's ledger can treat it as a crash would (its outcome unknown, not cancelled).
 */
export class HostStoppingError extends RuntimeError {
  constructor(message = 'The host stopped before the step ended') {
    super('host-stopping', message);
  }
}

/** Input (config, arguments, checkpoint content, plan update) failed validation. */
export class ValidationError extends RuntimeError {
  constructor(message: string, cause?: unknown) {
    super('validation', message, { cause });
  }
}

/** The engine was used out of order: a second concurrent run, a step after the end, use after close. */
export class EngineStateError extends RuntimeError {
  constructor(message: string) {
    super('engine-state', message);
  }
}

/** A checkpoint failed schema validation or has an unknown format version. */
export class InvalidCheckpointError extends RuntimeError {
  constructor(message: string, cause?: unknown) {
    super('invalid-checkpoint', message, { cause });
  }
}

/**
 * A model or embedder call failed without saying why in a kind the runtime knows: an embedder's
 * failure, or a gateway of the host's own that throws plain errors. Failures of the AI SDK gateway
 * are `ProviderCallFailedError`s with a precise kind instead.
 */
export class ModelCallFailedError extends RuntimeError {
  constructor(message: string, cause?: unknown) {
    super('model-call-failed', message, { cause });
  }
}

/**
 * The model provider failed after the gateway's retries and fallbacks, with the kind that says what
 * to fix (see `ProviderErrorKind`), or `model-configuration` when the call could not be made as
 * configured (an endpoint the outbound policy refuses, a config that does not parse).
 */
export class ProviderCallFailedError extends RuntimeError {
  declare readonly kind: ProviderErrorKind | 'model-configuration';
  /** `provider:model` whose call failed last. */
  readonly model: string | undefined;
  /** The provider's HTTP status, when it answered. */
  readonly statusCode: number | undefined;

  constructor(kind: ProviderErrorKind | 'model-configuration', message: string, options: { model?: string; statusCode?: number; cause?: unknown } = {}) {
    super(kind, message, { cause: options.cause });
    this.model = options.model;
    this.statusCode = options.statusCode;
  }
}

/**
 * Thrown out of `children.run` when the sub-agent paused for approval. The engine does not treat it
 * as the tool's failure: the delegating call stays open, the child is suspended in the checkpoint and
 * the parent run pauses with the child's approval requests.
 */
export class ChildAwaitingApprovalError extends RuntimeError {
  constructor(agent: string, callIds: readonly string[]) {
    super('child-awaiting-approval', `Sub-agent ${agent} is waiting for approval of ${callIds.join(', ')}`);
  }
}

/**
 * A run, agent or tenant budget has no room left: the run stops before its next model call. The
 * message names the budget, its limit and the usage that reached it.
 */
export class BudgetExceededError extends RuntimeError {
  readonly exceeded: BudgetExceeded;

  constructor(exceeded: BudgetExceeded) {
    super('budget-exceeded', budgetMessage(exceeded));
    this.exceeded = exceeded;
  }
}

/**
 * The reason shown on a run paused by a budget whose policy is `pause` (ADR 0057). A daily or monthly
 * budget's pause ends by itself when the window rolls over and the budget has room (ADR 0063); a run's
 * own budget has no window.
 */
export function budgetPausedMessage(exceeded: BudgetExceeded): string {
  const until = { run: '', 'agent-daily': 'the next UTC day or ', 'tenant-daily': 'the next UTC day or ', 'agent-monthly': 'the next UTC month or ', 'tenant-monthly': 'the next UTC month or ' }[exceeded.scope];
  return `${budgetMessage(exceeded).replace(' exceeded:', ' spent:')}; paused until ${until}an operator resumes the run`;
}

function budgetMessage({ scope, measure, limit, used }: BudgetExceeded): string {
  const owner = { run: 'Run', 'agent-daily': 'Agent daily', 'agent-monthly': 'Agent monthly', 'tenant-daily': 'Tenant daily', 'tenant-monthly': 'Tenant monthly' }[scope];
  const amount = (value: number) => (measure === 'tokens' ? `${value} tokens` : `$${value.toFixed(6)}`);
  return `${owner} ${measure === 'tokens' ? 'token' : 'cost'} budget exceeded: limit ${amount(limit)}, used ${amount(used)}`;
}

/**
 * Thrown by a waiting tool (sleep, wait_until, wait_for_event) whose wait has not ended: the engine
 * parks the call instead of finishing it, ends the step with `wait`, and the host resumes the run
 * when the wait ends, re-executing the call, which then returns the wait's outcome.
 */
export class WaitPendingError extends RuntimeError {
  constructor(readonly waiting: WaitingCall) {
    super('wait-pending', `Tool call ${waiting.callId} waits ${waiting.kind === 'timer' ? `until ${waiting.wakeAt}` : `for event ${waiting.correlationKey ?? ''}`}`);
  }
}
