import { isTransientDatabaseError, type Database, type Prisma, type StatementRunner } from '@agentloom/db';
import { trace } from '@opentelemetry/api';
import { HostStoppingError, InProcessEventBus, type AgentRun, type AnyTool, type BudgetGuard, type Engine, type StepResult, type ToolContext } from '@agentloom/runtime';

import { appendRunEvents } from '../../events/append-run-events';
import type { Logger } from '../../logging/logger';
import type { PrismaMemoryPort } from '../../memory/prisma-memory-port';
import type { ModelConnector } from '../../outbound/model-connector';
import { RunMemoryPort } from '../../memory/run-memory-port';
import type { ToolCatalog } from '../../tools/tool-catalog';
import type { McpAgentTools, RunMcpTools } from '../../mcp/mcp-agent-tools';
import { fenceRun } from '../fence-run';
import { LeaseLostError } from '../lease-lost-error';
import type { ClaimedRun } from '../run-claims';
import type { RunProcessingSignals, RunProcessor } from '../run-processor';
import { defaultDataBounds, type DataBounds } from '../data-bounds';
import { buildRunEngine } from './build-run-engine';
import { failRunOutsideStep } from './fail-run-outside-step';
import { loadRunContext, type RunContext } from './load-run-context';
import { agentloomAttributes, genAi } from '../../telemetry/gen-ai-attributes';
import { RunTracing } from '../../telemetry/run-tracing';
import { tracedTool } from '../../telemetry/traced-tool';
import { TracingEventBus } from '../../telemetry/tracing-event-bus';
import { inSpan } from '../../telemetry/tracing';
import { persistStep } from './persist-step';
import { createCancelFenceHooks, type CancelFenceHooks, type CancelFenceOptions } from './cancel-fence-hooks';
import { createToolLedgerHooks, type ToolLedgerHooks } from './tool-ledger-hooks';
import { inFlightReplyOf } from './in-flight-reply-gateway';
import { loadReplayFixture, type ReplayFixture } from '../../evaluations/replay/load-replay-fixture';
import { scoreReplayAtFinish } from '../../evaluations/replay/score-replay-at-finish';
import { defersSteps, maxDeferredSteps } from './step-deferral';
import { spentUsageOf } from './step-usage';
import { PrismaWaitPort } from '../../waits/prisma-wait-port';

/**
 * Runs a claimed run on the agent runtime, one step at a time, committing each step before taking
 * the next: start fresh, or resume from the latest checkpoint and the message table. Stops when the
 * run ends or pauses, when cancelled (the in-flight call is aborted), or after the current step
 * when the executor drains.
 */
export interface ProcessingObserver {
  /** A step finished: committed with its next step's type, or `error` when it threw. */
  stepCommitted(outcome: string, seconds: number): void;
  /** A tool call ended; `tool` names the run's tenant too, since tool names are unique only per tenant. */
  toolCallFinished(tool: { tenantId: string; toolName: string }, status: string, seconds: number): void;
  /** A committed step's model usage and checkpoint size, by tenant and agent slug (a slug is unique only per tenant). */
  stepPersisted(agent: { tenantId: string; agentSlug: string }, usage: { inputTokens: number; outputTokens: number; costUsd?: number | undefined }, checkpointBytes: number): void;
  /** This process ended the run with `status`; `messages` is its transcript length when the engine ran. */
  runFinished(status: string, messages?: number): void;
  /** A fresh run on a thread was seeded with this many (estimated) tokens of history. */
  historySeeded(tokens: number): void;
}

export class EngineRunProcessor implements RunProcessor {
  constructor(
    private readonly database: Database,
    private readonly tools: ToolCatalog,
    private readonly logger: Logger,
    /** Model gateways for runs: sealed keys opened, requests through the outbound policy. */
    private readonly models: ModelConnector,
    private readonly observer?: ProcessingObserver,
    /** Long-term memory; absent disables the memory tools and injection. */
    private readonly memory?: PrismaMemoryPort,
    /**
     * `budget`: token and cost budgets asked at each step boundary and before each model call (ADR 0045);
     * `cancelFence`: the clock and window in which a step commit stands in for the next model call's fence read (ADR 0094).
     */
    private readonly options: { toolAbortGraceMs?: number; budget?: BudgetGuard; cancelFence?: CancelFenceOptions } = {},
    /** Tool-output cap and thread-history window. */
    private readonly bounds: DataBounds = defaultDataBounds,
    /** The version's pinned MCP tools; absent: a version that pins some fails to start. */
    private readonly mcp?: McpAgentTools,
  ) {}

  /**
   * One `invoke_agent` span per attempt (a run that pauses for a human or moves to another executor
   * has one per attempt, all with its run id); its steps, model calls and tool calls nest under it.
   */
  async process(run: ClaimedRun, owner: string, signals: RunProcessingSignals): Promise<void> {
    const attributes = { [genAi.operationName]: 'invoke_agent', [agentloomAttributes.runId]: run.id, [agentloomAttributes.tenantId]: run.tenantId, [agentloomAttributes.attempt]: run.attempt };
    await inSpan('invoke_agent', attributes, () => this.processAttempt(run, owner, signals));
  }

  private async processAttempt(run: ClaimedRun, owner: string, signals: RunProcessingSignals): Promise<void> {
    let context: RunContext;
    let replay: ReplayFixture | undefined;
    try {
      context = await loadRunContext(this.database, run, this.bounds);
      replay = await loadReplayFixture(this.database, run.id, { resumed: context.resume !== undefined });
      // A replay is seeded with the recorded thread turns, not with a live thread's.
      if (replay && !context.resume) context = withRecordedHistory(context, replay);
    } catch (error) {
      if (this.abandonAttempt(run, error)) return;
      await this.failBeforeStart(run, owner, 'invalid-agent-config', error);
      return;
    }
    trace.getActiveSpan()?.updateName(`invoke_agent ${context.agentSlug}`);
    trace.getActiveSpan()?.setAttributes({
      [genAi.agentId]: context.agentId,
      [genAi.agentName]: context.agentSlug,
      ...(run.threadId ? { [genAi.conversationId]: run.threadId } : {}),
    });
    // One connection per attached server for the whole attempt, closed when it ends. A server that
    // cannot be reached or whose pinned tools changed ends the run before any model call.
    let mcpTools: RunMcpTools | undefined;
    try {
      mcpTools = await this.openMcpTools(run, context, signals.abort);
    } catch (error) {
      if (this.abandonAttempt(run, error)) return;
      // The run's abort ended the connect: a drain that ran out gives the run back (as for a step), it does not fail it.
      if (signals.abort.reason instanceof HostStoppingError) {
        this.logger.warn(`Run ${run.id}: ${signals.abort.reason.message} while connecting its MCP servers; it resumes from its last checkpoint`);
        return;
      }
      await this.failBeforeStart(run, owner, kindOf(error), error);
      return;
    }
    try {
      await this.processWithTools(run, owner, signals, context, mcpTools?.tools ?? [], replay);
    } finally {
      await mcpTools?.close();
    }
  }

  private async openMcpTools(run: ClaimedRun, context: RunContext, signal: AbortSignal): Promise<RunMcpTools | undefined> {
    if ((context.config.mcpTools ?? []).length === 0) return undefined;
    if (!this.mcp) throw Object.assign(new Error('This executor was built without MCP support'), { kind: 'invalid-agent-config' });
    // A cancel (or lost lease) while connecting ends the connect at once: paging a server's tools must not outlive the run.
    return this.mcp.openForRun(run.tenantId, context.config, signal);
  }

  private async processWithTools(run: ClaimedRun, owner: string, signals: RunProcessingSignals, context: RunContext, extraTools: AnyTool[], replay: ReplayFixture | undefined): Promise<void> {
    // The per-step statements go through the driver, not the Prisma client (ADR 0072).
    const { statements } = this.database;
    let engine: Engine | undefined;
    const ledger = createToolLedgerHooks(statements, run, owner, () => engine!.services.registry, this.observer);
    const cancelFence = createCancelFenceHooks(statements, run, owner, this.options.cancelFence);
    const model = context.config.model;
    const tracing = new RunTracing({
      runId: run.id,
      tenantId: run.tenantId,
      agentId: context.agentId,
      ...(model ? { model: { provider: model.provider, model: model.model } } : {}),
    });
    const bus = new TracingEventBus(new InProcessEventBus<ToolContext>(), tracing);
    try {
      await this.runEngine(run, owner, signals, context, extraTools, { ledger, cancelFence, tracing, bus, replay, setEngine: (built) => (engine = built) });
    } finally {
      tracing.endOpenSpans('The attempt ended before the call finished');
      await bus.close();
    }
  }

  private async runEngine(
    run: ClaimedRun,
    owner: string,
    signals: RunProcessingSignals,
    context: RunContext,
    extraTools: AnyTool[],
    parts: { ledger: ToolLedgerHooks; cancelFence: CancelFenceHooks; tracing: RunTracing; bus: TracingEventBus; replay: ReplayFixture | undefined; setEngine(engine: Engine): void },
  ): Promise<void> {
    const { ledger, cancelFence, tracing, replay } = parts;
    let engine: Engine;
    try {
      // The step an earlier attempt left unfinished is answered with the reply the ledger stored for it (ADR 0085).
      const inFlightReply = inFlightReplyOf(run.inFlightReply);
      engine = buildRunEngine({
        runId: run.id,
        agentId: context.agentId,
        versionId: context.versionId,
        config: context.config,
        tools: this.tools,
        extraTools,
        models: this.models,
        // Tracing last: a call the fence or the ledger stops (veto, replay) runs no handler and gets no span.
        // A recorded replay has no ledger hook (ADR 0059): none of its calls has an effect to guard across
        // a crash, so its calls are written with its steps. Nor a fence before every model call: a served
        // recording reaches nothing outside; the fence runs before a real handler or a live model call.
        hooks: defersSteps(replay) ? [tracing.hooks()] : [cancelFence, ledger, tracing.hooks()],
        ...(defersSteps(replay) ? { beforeLiveReplayCall: () => cancelFence.check() } : {}),
        bus: parts.bus,
        decorateTool: (tool) => tracedTool(tool, tracing),
        ...(this.options.toolAbortGraceMs !== undefined ? { toolAbortGraceMs: this.options.toolAbortGraceMs } : {}),
        ...(this.options.budget ? { budget: this.options.budget } : {}),
        toolOutputMaxBytes: this.bounds.toolOutputMaxBytes,
        waits: new PrismaWaitPort(this.database.prisma, run, owner),
        ...(this.memory
          ? {
              memory: {
                port: new RunMemoryPort(this.memory, { id: run.id, tenantId: run.tenantId, createdAt: context.runCreatedAt }),
                scope: context.memoryScope,
              },
            }
          : {}),
        onModelFallback: (from, to, reason) => void this.recordFallback(run, owner, from, to, reason),
        ...(replay ? { replay } : {}),
        ...(inFlightReply ? { inFlightReply } : {}),
      });
      parts.setEngine(engine);
    } catch (error) {
      await this.failBeforeStart(run, owner, 'invalid-agent-config', error);
      return;
    }
    try {
      const agentRun = this.begin(engine, run, context, signals.abort);
      await this.stepUntilPause(agentRun, run, owner, context, signals, { ledger, cancelFence, tracing, replay });
    } catch (error) {
      // Ends left for a step commit that did not happen are written first (ADR 0093): a run's end written
      // before them would close those calls as leftovers though they returned.
      await ledger.writeEndsNotRecorded(new Set()).catch(() => undefined);
      if (error instanceof LeaseLostError) this.logger.warn(error.message);
      else if (error instanceof HostStoppingError) this.logger.warn(`Run ${run.id}: ${error.message}; its step was not committed and it resumes from its last checkpoint`);
      else if (!this.abandonAttempt(run, error)) await this.failBeforeStart(run, owner, kindOf(error), error);
    } finally {
      await engine.close();
    }
  }

  private begin(engine: Engine, run: ClaimedRun, context: RunContext, signal: AbortSignal): AgentRun {
    if (!context.resume && context.history) {
      // The runtime's estimate: about 3 characters per token plus 4 per message.
      this.observer?.historySeeded(context.history.reduce((total, message) => total + Math.ceil(message.content.length / 3) + 4, 0));
    }
    if (!context.resume)
      return engine.start({
        task: context.task,
        instanceId: run.id,
        signal,
        ...(context.history ? { history: context.history } : {}),
      });
    const { rebindForFork, ...resume } = context.resume;
    // A fork continues on the version it was created for, whose modules and tools may differ from the
    // source's; it has no calls in flight (refused at fork time), so nothing is bound to the old ones.
    const checkpoint = rebindForFork ? { ...(resume.checkpoint as Record<string, unknown>), bindings: engine.services.bindings } : resume.checkpoint;
    return engine.resume({ ...resume, checkpoint, signal });
  }

  private async stepUntilPause(
    agentRun: AgentRun,
    run: ClaimedRun,
    owner: string,
    context: RunContext,
    signals: RunProcessingSignals,
    hooks: { ledger: ToolLedgerHooks; cancelFence: CancelFenceHooks; tracing: RunTracing; replay: ReplayFixture | undefined },
  ): Promise<void> {
    const { ledger, cancelFence, tracing, replay } = hooks;
    // A recorded replay keeps its ordinary steps in memory and commits them with the step that ends
    // or pauses the run (ADR 0059). A crash before that commit leaves nothing: the case starts again
    // from its first step, which is safe because a recorded replay never runs a tool with effects.
    const deferred: StepResult[] = [];
    for (;;) {
      const started = performance.now();
      const stepAttributes = { [agentloomAttributes.runId]: run.id, [agentloomAttributes.tenantId]: run.tenantId, [agentloomAttributes.attempt]: run.attempt, [genAi.agentId]: context.agentId };
      const step = inSpan('agentloom.run.step', stepAttributes, async (span) => {
        const result = await agentRun.step().finally(() => tracing.endOpenSpans('The step ended before the call finished'));
        span.setAttributes({
          [agentloomAttributes.step]: result.step,
          'agentloom.next': result.next.type,
          'agentloom.input_tokens': result.usage.inputTokens,
          'agentloom.output_tokens': result.usage.outputTokens,
        });
        // A failed ledger write interrupted the step inside the engine. That is the database's
        // failure, not the run's: throw the real cause instead of committing the run as failed.
        if (ledger.failures.length > 0) throw ledger.failures[0];
        if (cancelFence.failures.length > 0) throw cancelFence.failures[0];
        // Interrupted because this executor lost the lease: that is not the run's cancellation, and
        // the run belongs to another attempt now. Commit nothing.
        if (signals.abort.reason instanceof LeaseLostError) throw signals.abort.reason;
        // Interrupted because the executor's drain ran out (ADR 0108): not the run's end either. The
        // step is not committed; the executor gives the run back and it resumes from its checkpoint.
        if (result.next.type === 'interrupted' && result.next.reason === 'host-stopping') {
          throw signals.abort.reason instanceof HostStoppingError ? signals.abort.reason : new HostStoppingError(result.next.message);
        }
        if (defersSteps(replay) && result.next.type === 'run-again' && !signals.drain.aborted && deferred.length < maxDeferredSteps) {
          deferred.push(result);
          return { result, committed: undefined };
        }
        // Ends left for this commit whose calls the step does not record are written first (ADR 0093).
        await ledger.writeEndsNotRecorded(new Set(result.toolCalls.map((call) => call.callId)));
        const flushed = deferred.splice(0);
        const committed = await persistStep(this.database.prisma, run, result, {
          deferred: flushed,
          owner,
          statements: this.database.statements,
          ...(context.config.approvalExpiryMinutes ? { approvalExpiryMinutes: context.config.approvalExpiryMinutes } : {}),
          outcomeUnknownCallIds: ledger.outcomeUnknownCallIds.splice(0),
          ...(context.historySources ? { historySources: context.historySources } : {}),
          // Replays never become episode memories (the episode source skips them): no flag to set.
          ...(replay ? { writesEpisode: false } : {}),
          ...(defersSteps(replay) ? { withoutLedger: true } : {}),
          ...(replay ? { atFinish: (transaction: Prisma.TransactionClient, statements: StatementRunner) => this.scoreFinishedReplay(transaction, statements, run, replay) } : {}),
        });
        // First, before any other work: the window in which this commit's fence stands in for the next model call's read starts here (ADR 0094).
        cancelFence.stepCommitted(committed.fenceConfirmed === true);
        ledger.endsCommitted();
        // Counted on write (ADR 0046), deferred steps included, now that they are committed.
        for (const [index, bytes] of (committed.deferredCheckpointBytes ?? []).entries()) this.observer?.stepPersisted({ tenantId: run.tenantId, agentSlug: context.agentSlug }, spentUsageOf(flushed[index]!), bytes);
        return { result, committed };
      });
      // Counted on write (ADR 0046): what this step committed, never re-counted from the tables at scrape time.
      const { result, committed } = await step.catch((error: unknown) => {
        this.observer?.stepCommitted('error', (performance.now() - started) / 1000);
        throw error;
      });
      this.observer?.stepCommitted(result.next.type, (performance.now() - started) / 1000);
      // A deferred step's usage is counted when the step that commits it is (above).
      if (!committed) continue;
      this.observer?.stepPersisted({ tenantId: run.tenantId, agentSlug: context.agentSlug }, spentUsageOf(result), committed.checkpointBytes);
      if (committed.finishedStatus) {
        this.observer?.runFinished(committed.finishedStatus, agentRun.transcript().length);
      }
      if (result.next.type !== 'run-again') return;
      if (committed.fenceConfirmed) {
        // The commit's fence just saw the run `running` under this lease with no cancel, under its row
        // lock: no status read is needed to go on. The next model call reads the fence itself unless it
        // starts within a millisecond of the commit (ADR 0072, 0094).
        if (signals.drain.aborted) return;
        continue;
      }
      const current = await this.database.prisma.run.findUnique({
        where: { id: run.id },
        select: { status: true },
      });
      if (current?.status !== 'running') return;
      if (signals.drain.aborted) return;
    }
  }

  /**
   * Scores the replay in the commit that ends its run rather than on the experiment's next read (ADR 0071);
   * a scorer's failure is undone alone (savepoint) and leaves the case to that read.
   */
  private async scoreFinishedReplay(transaction: Prisma.TransactionClient, statements: StatementRunner, run: ClaimedRun, replay: ReplayFixture): Promise<void> {
    const outcome = await scoreReplayAtFinish(transaction, statements, run, replay);
    if (!outcome.ok) {
      this.logger.warn(`Replay run ${run.id} could not be scored at finish; the experiment's next read scores it`, { error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error) });
    }
  }

  /**
   * A transient database error (server restarting, connection dropped, deadlock victim) must not
   * end the run: nothing of the failed step was committed. Stop this attempt and keep the lease
   * unrenewed, so it expires and the run is recovered (attempt + 1, bounded by max attempts) and
   * resumes from its last checkpoint, with the tool ledger deciding what may be repeated.
   */
  private abandonAttempt(run: ClaimedRun, error: unknown): boolean {
    if (!isTransientDatabaseError(error)) return false;
    const message = error instanceof Error ? error.message : String(error);
    this.logger.warn(`Run ${run.id}: database error, attempt ${run.attempt} abandoned; the run resumes from its last checkpoint when the lease expires`, {
      error: message,
    });
    return true;
  }

  /** Ends the run as failed (or cancelled, when its cancel committed) outside a committed step. */
  private async failBeforeStart(run: ClaimedRun, owner: string, errorKind: string, error: unknown): Promise<void> {
    const finishedStatus = await failRunOutsideStep(this.database, this.logger, run, owner, errorKind, error);
    if (finishedStatus) this.observer?.runFinished(finishedStatus);
  }

  private async recordFallback(run: ClaimedRun, owner: string, from: string, to: string, reason: string): Promise<void> {
    await this.database.prisma
      .$transaction(async (transaction) => {
        await fenceRun(transaction, run, owner);
        await appendRunEvents(transaction, run, [{ type: 'model-fallback', payload: { from, to, reason } }]);
      })
      .catch((error: unknown) =>
        this.logger.warn(`Could not record a model fallback on run ${run.id}`, {
          error: String(error),
        }),
      );
  }
}

function withRecordedHistory(context: RunContext, replay: ReplayFixture): RunContext {
  const { history: _liveHistory, historySources: _liveSources, ...rest } = context;
  void _liveHistory;
  void _liveSources;
  const history = replay.fixture.threadContext.map((turn) => ({ role: turn.role, content: turn.content }));
  return history.length > 0 ? { ...rest, history, historySources: history.map(() => []) } : rest;
}

function kindOf(error: unknown): string {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : 'internal';
}
