import { isTransientDatabaseError, type Database } from '@agentloom/db';
import type { AgentRun, AnyTool, Engine } from '@agentloom/runtime';

import { appendRunEvents } from '../../events/append-run-events';
import type { Logger } from '../../logging/logger';
import type { PrismaMemoryPort } from '../../memory/prisma-memory-port';
import type { ModelConnector } from '../../outbound/model-connector';
import { RunMemoryPort } from '../../memory/run-memory-port';
import type { ToolCatalog } from '../../tools/tool-catalog';
import type { McpAgentTools, RunMcpTools } from '../../mcp/mcp-agent-tools';
import { closeCancelledRunCalls } from '../close-cancelled-run-calls';
import { fenceRun } from '../fence-run';
import { LeaseLostError } from '../lease-lost-error';
import type { ClaimedRun } from '../run-claims';
import type { RunProcessingSignals, RunProcessor } from '../run-processor';
import { defaultDataBounds, type DataBounds } from '../data-bounds';
import { buildRunEngine } from './build-run-engine';
import { closeLeftoverToolCalls } from './close-leftover-tool-calls';
import { loadRunContext, type RunContext } from './load-run-context';
import { inSpan } from '../../telemetry/tracing';
import { persistStep } from './persist-step';
import { createCancelFenceHooks, type CancelFenceHooks } from './cancel-fence-hooks';
import { createToolLedgerHooks, type ToolLedgerHooks } from './tool-ledger-hooks';
import { PrismaWaitPort } from '../../waits/prisma-wait-port';

/**
 * Runs a claimed run on the agent runtime, one step at a time, committing each step before taking
 * the next: start fresh, or resume from the latest checkpoint and the message table. Stops when the
 * run ends or pauses, when cancelled (the in-flight call is aborted), or after the current step
 * when the executor drains.
 */
export interface ProcessingObserver {
  stepCommitted(outcome: string, seconds: number): void;
  toolCallFinished(tool: string, status: string, seconds: number): void;
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
    private readonly options: { toolAbortGraceMs?: number } = {},
    /** Tool-output cap and thread-history window. */
    private readonly bounds: DataBounds = defaultDataBounds,
    /** The version's pinned MCP tools; absent: a version that pins some fails to start. */
    private readonly mcp?: McpAgentTools,
  ) {}

  async process(run: ClaimedRun, owner: string, signals: RunProcessingSignals): Promise<void> {
    const { prisma } = this.database;
    let context: RunContext;
    try {
      context = await loadRunContext(prisma, run, this.bounds);
    } catch (error) {
      if (this.abandonAttempt(run, error)) return;
      await this.failBeforeStart(run, owner, 'invalid-agent-config', error);
      return;
    }
    // One connection per attached server for the whole attempt, closed when it ends. A server that
    // cannot be reached or whose pinned tools changed ends the run before any model call.
    let mcpTools: RunMcpTools | undefined;
    try {
      mcpTools = await this.openMcpTools(run, context);
    } catch (error) {
      if (this.abandonAttempt(run, error)) return;
      await this.failBeforeStart(run, owner, kindOf(error), error);
      return;
    }
    try {
      await this.processWithTools(run, owner, signals, context, mcpTools?.tools ?? []);
    } finally {
      await mcpTools?.close();
    }
  }

  private async openMcpTools(run: ClaimedRun, context: RunContext): Promise<RunMcpTools | undefined> {
    if ((context.config.mcpTools ?? []).length === 0) return undefined;
    if (!this.mcp) throw Object.assign(new Error('This executor was built without MCP support'), { kind: 'invalid-agent-config' });
    return this.mcp.openForRun(run.tenantId, context.config);
  }

  private async processWithTools(run: ClaimedRun, owner: string, signals: RunProcessingSignals, context: RunContext, extraTools: AnyTool[]): Promise<void> {
    const { prisma } = this.database;
    let engine: Engine | undefined;
    const ledger = createToolLedgerHooks(prisma, run, owner, () => engine!.services.registry, this.observer);
    const cancelFence = createCancelFenceHooks(prisma, run, owner);
    try {
      engine = buildRunEngine({
        runId: run.id,
        agentId: context.agentId,
        versionId: context.versionId,
        config: context.config,
        tools: this.tools,
        extraTools,
        models: this.models,
        hooks: [cancelFence, ledger],
        ...(this.options.toolAbortGraceMs !== undefined ? { toolAbortGraceMs: this.options.toolAbortGraceMs } : {}),
        toolOutputMaxBytes: this.bounds.toolOutputMaxBytes,
        waits: new PrismaWaitPort(prisma, run),
        ...(this.memory
          ? {
              memory: {
                port: new RunMemoryPort(this.memory, run.id, context.runCreatedAt),
                scope: context.memoryScope,
              },
            }
          : {}),
        onModelFallback: (from, to, reason) => void this.recordFallback(run, owner, from, to, reason),
      });
    } catch (error) {
      await this.failBeforeStart(run, owner, 'invalid-agent-config', error);
      return;
    }
    try {
      const agentRun = this.begin(engine, run, context, signals.abort);
      await this.stepUntilPause(agentRun, run, owner, context, signals, ledger, cancelFence);
    } catch (error) {
      if (error instanceof LeaseLostError) this.logger.warn(error.message);
      else if (!this.abandonAttempt(run, error)) await this.failBeforeStart(run, owner, kindOf(error), error);
    } finally {
      await engine.close();
    }
  }

  private begin(engine: Engine, run: ClaimedRun, context: RunContext, signal: AbortSignal): AgentRun {
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
    ledger: ToolLedgerHooks,
    cancelFence: CancelFenceHooks,
  ): Promise<void> {
    for (;;) {
      const started = performance.now();
      const result = await inSpan('agentloom.run.step', { 'agentloom.run_id': run.id, 'agentloom.attempt': run.attempt }, async (span) => {
        const result = await agentRun.step();
        span.setAttributes({
          'agentloom.step': result.step,
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
        await persistStep(this.database.prisma, run, result, {
          owner,
          ...(context.config.approvalExpiryMinutes ? { approvalExpiryMinutes: context.config.approvalExpiryMinutes } : {}),
          outcomeUnknownCallIds: ledger.outcomeUnknownCallIds.splice(0),
          ...(context.historySources ? { historySources: context.historySources } : {}),
        });
        return result;
      });
      this.observer?.stepCommitted(result.next.type, (performance.now() - started) / 1000);
      if (result.next.type !== 'run-again') return;
      const current = await this.database.prisma.run.findUnique({
        where: { id: run.id },
        select: { status: true },
      });
      if (current?.status !== 'running') return;
      if (signals.drain.aborted) return;
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

  /**
   * Ends a run whose processing failed outside a committed step (bad config, model misconfiguration,
   * an error the step could not commit). Cancel wins: a run whose cancel has committed ends `cancelled`.
   */
  private async failBeforeStart(run: ClaimedRun, owner: string, errorKind: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await this.database.prisma
      .$transaction(async (transaction) => {
        const { cancelRequested } = await fenceRun(transaction, run, owner);
        const status = cancelRequested ? 'cancelled' : 'failed';
        this.logger.warn(`Run ${run.id} ${status}: ${message}`);
        const now = new Date();
        await transaction.run.update({
          where: { id: run.id },
          data: { status, errorKind, errorMessage: message, finishedAt: now, leaseOwner: null, leaseExpiresAt: null },
        });
        const closing = cancelRequested ? await closeCancelledRunCalls(transaction, run, run.attempt) : await closeLeftoverToolCalls(transaction, run, run.attempt, status);
        await appendRunEvents(transaction, run, [...closing, { type: 'run-finished', payload: { status, errorKind, message } }]);
      })
      .catch((fenceError: unknown) => {
        if (!(fenceError instanceof LeaseLostError)) throw fenceError;
      });
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

function kindOf(error: unknown): string {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : 'internal';
}
