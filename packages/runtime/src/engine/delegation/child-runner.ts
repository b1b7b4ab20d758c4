import type { SuspendedChild } from '../../checkpoint/checkpoint-schema';
import type { SubAgentConfig } from '../../config/agent-config.schema';
import type { DelegationIdentity } from '../../contracts/hooks';
import type { Message } from '../../contracts/messages';
import type { ChildRunRequest, ChildRunResult } from '../../contracts/tool-context';
import { ChildAwaitingApprovalError, ValidationError } from '../../errors';
import { jsonClone } from '../../util/deep-freeze';
import type { ResumeOptions, StartOptions } from '../run-options';
import type { StepResult } from '../step-result';
import type { StepRecorder } from '../step-recorder';
import type { PendingCall } from '../../checkpoint/checkpoint-schema';
import { forwardChildStep, qualifiedRequest, recordAwaitingChildCalls } from './forward-child-step';

export interface ChildRunMetadata {
  parentInstanceId: string;
  ordinal: number;
  signal: AbortSignal;
  /** The delegating call; a child that pauses for approval is suspended on it (`call.child`). */
  call: PendingCall;
  /** The parent's current step: the child's usage, ledger records and events are added to it. */
  recorder: StepRecorder;
  /** The child suspended on `call` by an earlier pause, resumed (with its decisions) instead of started. */
  suspended?: SuspendedChild;
}

/**
 * Runs sub-agents one at a time, each in a fresh engine that has no delegation of its own, steps it
 * inside the parent's current step (so everything it does is recorded there), and suspends it on the
 * delegating call when it asks for approval.
 */
/**
 * What the runner needs of an engine and its run; structural so this file does not import the
 * engine (which reaches back here through its services: an import cycle).
 */
export interface ChildEngine {
  start(options: StartOptions): ChildRun;
  resume(options: ResumeOptions): ChildRun;
  close(): Promise<unknown>;
}

export interface ChildRun {
  step(): Promise<StepResult>;
  transcript(): readonly Message[];
}

export interface ChildRunner {
  /** Throws `ChildAwaitingApprovalError` after suspending the child on `metadata.call`. */
  run(request: ChildRunRequest, metadata: ChildRunMetadata): Promise<ChildRunResult>;
}

export function createChildRunner(subAgents: readonly SubAgentConfig[], buildEngine: (subAgent: SubAgentConfig, delegation: DelegationIdentity) => ChildEngine): ChildRunner {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(request, metadata) {
      const subAgent = subAgents.find((candidate) => candidate.name === request.agent);
      if (!subAgent) return Promise.reject(new ValidationError(`Unknown sub-agent "${request.agent}"`));
      const delegation: DelegationIdentity = { parentCallId: metadata.call.id, agent: request.agent, instanceId: `${metadata.parentInstanceId}/child-${metadata.ordinal}` };
      // Chained so parallel delegate calls in one model turn still run one after another.
      const result = queue.then(() => runChild(buildEngine(subAgent, delegation), request, metadata, delegation));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

async function runChild(engine: ChildEngine, request: ChildRunRequest, metadata: ChildRunMetadata, delegation: DelegationIdentity): Promise<ChildRunResult> {
  const { call, recorder, suspended, signal } = metadata;
  try {
    const run = suspended
      ? engine.resume({ checkpoint: suspended.checkpoint, messages: suspended.messages as unknown as Message[], decisions: suspended.decisions, signal })
      : engine.start({ task: request.task, instanceId: delegation.instanceId, signal });
    for (;;) {
      const result = await run.step();
      forwardChildStep(recorder, delegation, result);
      const next = result.next;
      if (next.type === 'run-again') continue;
      if (next.type === 'final-output') return { status: 'completed', output: next.output };
      if (next.type === 'interrupted') return { status: 'interrupted', output: `Sub-agent ${request.agent} stopped: ${next.message}` };
      // Children get no wait store (the wait tools are the top-level run's), so this cannot happen.
      if (next.type === 'wait') return { status: 'interrupted', output: `Sub-agent ${request.agent} cannot wait` };
      const requests = next.requests.map((approval) => qualifiedRequest(delegation, approval));
      call.child = {
        agent: request.agent,
        task: request.task,
        ordinal: metadata.ordinal,
        instanceId: delegation.instanceId,
        checkpoint: jsonClone(result.checkpoint),
        messages: jsonClone(run.transcript()) as unknown as SuspendedChild['messages'],
        requests: requests as SuspendedChild['requests'],
        decisions: [],
      };
      recordAwaitingChildCalls(recorder, delegation, next.requests);
      throw new ChildAwaitingApprovalError(request.agent, requests.map((approval) => approval.callId));
    }
  } finally {
    await engine.close();
  }
}
