import type { ReleaseHandle } from '../contracts/event-bus';
import type { RuntimeEvent } from '../contracts/events';
import type { Message } from '../contracts/messages';
import { EngineStateError, ValidationError } from '../errors';
import { AgentRun, type RunPersistence } from './agent-run';
import { closeEngine, type CloseReport, type EngineOwnership } from './close-engine';
import type { EngineServices } from './engine-services';
import { createRunState } from './run-state';
import { restoreRun } from './restore-run';
import { runEventTopic, StepRecorder } from './step-recorder';
import type { RunOutcome } from './step-result';
import type { ResumeOptions, StartOptions } from './run-options';

export type { ResumeOptions, StartOptions } from './run-options';

/**
 * An assembled agent. One execution at a time: `start` or `resume` returns an `AgentRun` the host
 * steps; another start before it pauses or ends throws. `close()` cancels and releases everything.
 */
export class Engine {
  private active: AgentRun | undefined;
  private closing: Promise<CloseReport> | undefined;

  constructor(
    readonly services: EngineServices,
    private readonly ownership: EngineOwnership,
  ) {}

  /** Starts a new run: the first step persists the system message and the task. */
  start(options: StartOptions): AgentRun {
    this.assertIdle();
    const { context } = this.services.modules;
    const state = createRunState(
      options.instanceId ?? this.services.createInstanceId(),
      this.services.modules.router !== undefined,
      this.services.recordedReplies !== undefined,
    );
    const first = new StepRecorder(state, context, this.services.bus, this.services.clock);
    const history = validatedHistory(options.history ?? []);
    first.noteAppended(0, context.create({ systemPrompt: this.services.systemPrompt, task: options.task, ...(history.length > 0 ? { history } : {}) }));
    return this.activate(state, first, false, options.signal);
  }

  /**
   * Continues a run from its checkpoint and transcript. Throws `ResumeMismatchError` (naming each
   * difference) when module or tool bindings changed, `InvalidCheckpointError` for a bad checkpoint,
   * `ValidationError` for decisions that do not match the waiting calls. Budgets start from zero.
   */
  resume(options: ResumeOptions): AgentRun {
    this.assertIdle();
    const { state, recorder } = restoreRun(this.services, options);
    return this.activate(state, recorder, true, options.signal);
  }

  /** Starts a run and steps it until it pauses or ends. */
  execute(input: string | StartOptions, persistence?: RunPersistence): Promise<RunOutcome> {
    return this.start(typeof input === 'string' ? { task: input } : input).runUntilPause(persistence);
  }

  /** Observes run events as deep-frozen JSON snapshots. */
  observe(observer: (event: Readonly<RuntimeEvent>) => void): ReleaseHandle {
    return this.services.bus.observe((notification) => {
      if (notification.kind === 'published' && notification.topic === runEventTopic) observer(notification.data['value'] as unknown as RuntimeEvent);
    });
  }

  /**
   * Cancels and awaits the active run, then closes the tools' bus and the modules in a fixed order
   * (strategy, completion, context, compaction, router, model, hooks), each object once. Close errors
   * are collected in the report, not thrown, so every module still gets closed. Idempotent.
   */
  close(): Promise<CloseReport> {
    this.closing ??= (async () => {
      const run = this.active;
      run?.cancel('Engine closed');
      await run?.settled();
      return closeEngine(this.services, this.ownership);
    })();
    return this.closing;
  }

  private activate(state: ReturnType<typeof createRunState>, recorder: StepRecorder, resumed: boolean, signal: AbortSignal | undefined): AgentRun {
    const run = new AgentRun(this.services, state, {
      resumed,
      firstRecorder: recorder,
      ...(signal ? { signal } : {}),
      onSettled: () => {
        if (this.active === run) this.active = undefined;
      },
    });
    this.active = run;
    return run;
  }

  private assertIdle(): void {
    if (this.closing) throw new EngineStateError('Engine is closed');
    if (this.active && !this.active.done) throw new EngineStateError(`Engine is already executing run ${this.active.instanceId}; one execution at a time`);
  }
}

/** History is conversation, not tool traffic: a tool call without its result would break the transcript. */
function validatedHistory(history: readonly Message[]): Message[] {
  for (const [position, message] of history.entries()) {
    const isTurn = message.role === 'user' || (message.role === 'assistant' && (message.toolCalls ?? []).length === 0);
    if (!isTurn) throw new ValidationError(`history[${position}] must be a user or assistant message without tool calls; got ${message.role}`);
  }
  return history.map((message) => (message.role === 'user' ? { role: 'user', content: message.content } : { role: 'assistant', content: message.content }));
}
