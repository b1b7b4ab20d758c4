import type { CheckpointStore, EventSink } from '../contracts/stores';
import type { Message } from '../contracts/messages';
import type { ModelUsage } from '../contracts/model-gateway';
import { AbortedError, EngineStateError, HostStoppingError } from '../errors';
import { throwIfAborted } from '../util/abort';
import { advanceRun } from './advance-run';
import type { EngineServices } from './engine-services';
import { interruptFromError } from './interrupt-from-error';
import type { RunState } from './run-state';
import { StepRecorder } from './step-recorder';
import type { NextStep, RunOutcome, StepResult } from './step-result';
import { finishStep } from './finish-step';

/** Where `runUntilPause` persists each step when the host gives it stores. */
export interface RunPersistence {
  checkpointStore?: CheckpointStore;
  eventSink?: EventSink;
}

export interface AgentRunOptions {
  resumed: boolean;
  signal?: AbortSignal;
  /** Recorder already holding this execution's first messages or approval decisions. */
  firstRecorder: StepRecorder;
  /** Called once when the execution ends (final output, interruption or approval pause). */
  onSettled: () => void;
}

/**
 * One execution of a run, stepped by the host. Each `step()` returns everything to persist for
 * that step; the host stops whenever `next.type` is not `run-again` and may resume later from
 * the checkpoint and the persisted transcript.
 */
export class AgentRun {
  readonly instanceId: string;
  private readonly controller = new AbortController();
  private pendingRecorder: StepRecorder | undefined;
  private inFlight: Promise<StepResult> | undefined;
  private ended = false;
  private started = false;

  constructor(
    private readonly services: EngineServices,
    private readonly state: RunState,
    private readonly options: AgentRunOptions,
  ) {
    this.instanceId = state.instanceId;
    this.pendingRecorder = options.firstRecorder;
    const external = options.signal;
    if (external) {
      if (external.aborted) this.abortFrom(external, 'Cancelled before start');
      else external.addEventListener('abort', () => this.abortFrom(external, 'Cancelled by the host'), { once: true });
    }
  }

  /** True once a step returned anything other than `run-again`. */
  get done(): boolean {
    return this.ended;
  }

  /** Runs one step. Throws `EngineStateError` when a step is already running or the execution has ended. */
  step(): Promise<StepResult> {
    if (this.ended) throw new EngineStateError(`Run ${this.instanceId} has ended; resume it from its checkpoint`);
    if (this.inFlight) throw new EngineStateError(`Run ${this.instanceId} is already executing a step`);
    const promise = this.runStep().finally(() => {
      this.inFlight = undefined;
    });
    this.inFlight = promise;
    return promise;
  }

  /** Steps until the run pauses or ends, persisting each step to the given stores. */
  async runUntilPause(persistence: RunPersistence = {}): Promise<RunOutcome> {
    const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
    let steps = 0;
    for (;;) {
      const result = await this.step();
      steps += 1;
      usage.inputTokens += result.usage.inputTokens;
      usage.outputTokens += result.usage.outputTokens;
      if (result.usage.costUsd !== undefined) usage.costUsd = (usage.costUsd ?? 0) + result.usage.costUsd;
      await persistence.eventSink?.append(result.events);
      await persistence.checkpointStore?.save(result.checkpoint);
      if (result.next.type !== 'run-again') {
        return { instanceId: this.instanceId, next: result.next, steps, checkpoint: result.checkpoint, transcript: this.transcript(), usage };
      }
    }
  }

  /** Aborts the in-flight model or tool call; the current (or next) step returns `interrupted: cancelled`. */
  cancel(reason = 'Cancelled'): void {
    if (!this.controller.signal.aborted) this.controller.abort(new AbortedError(reason));
  }

  /**
   * The host's abort: a cancel, unless the host says it is stopping (`HostStoppingError`), which is
   * passed on as it is so the step ends `host-stopping` and its tool calls hear so (ADR 0108).
   */
  private abortFrom(external: AbortSignal, cancelReason: string): void {
    if (!(external.reason instanceof HostStoppingError)) return this.cancel(cancelReason);
    if (!this.controller.signal.aborted) this.controller.abort(external.reason);
  }

  /** Resolves when no step is in flight. */
  async settled(): Promise<void> {
    await this.inFlight?.catch(() => undefined);
  }

  /** The full transcript so far (read-only). */
  transcript(): readonly Message[] {
    return this.services.modules.context.transcript();
  }

  private async runStep(): Promise<StepResult> {
    const signal = this.controller.signal;
    const recorder = this.pendingRecorder ?? new StepRecorder(this.state, this.services.modules.context, this.services.bus, this.services.clock);
    this.pendingRecorder = undefined;
    let next: NextStep;
    try {
      throwIfAborted(signal);
      if (!this.started) await this.announceStart(recorder);
      recorder.emit('step-started', {});
      next = await advanceRun(this.services, this.state, recorder, signal);
    } catch (error) {
      next = interruptFromError(error, signal);
    }
    if (next.type !== 'run-again') this.ended = true;
    const result = await finishStep(this.services, this.state, recorder, next);
    if (this.ended) this.options.onSettled();
    return result;
  }

  private async announceStart(recorder: StepRecorder): Promise<void> {
    this.started = true;
    recorder.emit('run-started', { resumed: this.options.resumed, modules: moduleIds(this.services) });
    await this.services.modules.hooks.runStarted({ instanceId: this.instanceId, task: this.services.modules.context.task(), resumed: this.options.resumed });
  }
}

function moduleIds(services: EngineServices): Record<string, string> {
  return Object.fromEntries(Object.entries(services.bindings.modules).map(([role, binding]) => [role, binding.moduleId]));
}
