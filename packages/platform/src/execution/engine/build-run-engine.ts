import {
  createEngine,
  DemoScriptModel,
  type AnyTool,
  type BudgetGuard,
  type Engine,
  type EventBus,
  type LifecycleHooks,
  type MemoryPort,
  type MemoryScope,
  type ModelGateway,
  type ToolContext,
  type WaitPort,
} from '@agentloom/runtime';

import type { AgentVersionConfig } from '../../agents/agent-version-config';
import type { ModelConnector } from '../../outbound/model-connector';
import type { ToolCatalog } from '../../tools/tool-catalog';
import type { ReplayFixture } from '../../evaluations/replay/load-replay-fixture';
import { RecordedResponseGateway } from '../../evaluations/replay/recorded-response-gateway';
import { ReplayMemoryPort } from '../../evaluations/replay/replay-memory-port';
import { LiveReadsMemoryPort } from '../../evaluations/replay/writeless-memory-port';
import { waitToolsToReplay } from '../../evaluations/replay/recorded-wait-tools';
import { RecordedToolResults, replayTools } from '../../evaluations/replay/replay-tools';
import { InFlightReplyGateway, type InFlightReply } from './in-flight-reply-gateway';

export interface BuildRunEngineOptions {
  runId: string;
  agentId: string;
  versionId: string;
  config: AgentVersionConfig;
  tools: ToolCatalog;
  /** Tools of this run only (the version's pinned MCP tools), registered beside the catalog's. */
  extraTools?: readonly AnyTool[];
  hooks: LifecycleHooks[];
  /** Cap on each tool call's output (bytes); the runtime's default when absent. */
  toolOutputMaxBytes?: number;
  /** Long-term memory for the memory tools and automatic injection, scoped to the run. */
  memory?: { port: MemoryPort; scope: MemoryScope };
  /** Token and cost budgets of the run, its agent and tenant. */
  budget?: BudgetGuard;
  /** The durable wait store for the wait tools (sleep, wait_until, wait_for_event) the version lists. */
  waits?: WaitPort;
  /** How long an aborted tool call may take to stop before it is abandoned. */
  toolAbortGraceMs?: number;
  /** Builds the model gateway: opens the sealed API keys, sends every request through the outbound policy. */
  models: ModelConnector;
  /** Records model fallbacks on the run's log. */
  onModelFallback?: (from: string, to: string, reason: string) => void;
  /** The tool bus (the caller owns and closes it); the engine's own when absent. */
  bus?: EventBus<ToolContext>;
  /** Wraps each platform tool as it is registered, for the run and its sub-agents (tracing). */
  decorateTool?: (tool: AnyTool) => AnyTool;
  /**
   * Present when the run replays a dataset case (ADR 0048): the tools serve recorded results, memory
   * reads the recorded injections (or, in live memory mode, the tenant's memory now) and writes none,
   * and in recorded mode the model replays recorded replies until the first divergence. Everything
   * else — hooks, ledger, approvals — is the live run's.
   */
  replay?: ReplayFixture;
  /**
   * Run before a replay's real tool handler or model call, never before a served recording: the cancel
   * fence of a recorded replay, which has no ledger or model-call fence hooks (ADR 0059).
   */
  beforeLiveReplayCall?: () => Promise<void>;
  /**
   * The reply the ledger stored for the step an earlier attempt left unfinished (ADR 0085): that step's
   * action call is answered with it, so its calls keep the ids the ledger's rows carry.
   */
  inFlightReply?: InFlightReply;
}

/**
 * Assembles the engine for one run from its pinned agent version: the configured model endpoint
 * (or, without one, the runtime's offline demo script), the platform tools the version enables,
 * the platform's lifecycle hooks (tool-call ledger), and memory scoped to the run's tenant, agent
 * and thread (memory_search / memory_store, and injection when the config asks for it).
 */
export function buildRunEngine(options: BuildRunEngineOptions): Engine {
  const { replay } = options;
  // A version saved before `assertNoHostSkills` may name a host folder: it is never read.
  const { skills: _hostFolder, ...config } = options.config;
  const live = config.model ? gatewayFor(options) : undefined;
  const model = replay?.modelMode === 'recorded' ? recordedGateway(options, replay, live) : withInFlightReply(options, live);
  const memory = replay && options.memory ? { port: replayMemoryPort(replay, options.memory.port), scope: options.memory.scope } : options.memory;
  const recorded = replay ? new RecordedToolResults(replay.fixture.toolResults, replay.consumed) : undefined;
  return createEngine(
    { agentId: options.agentId, versionId: options.versionId, config },
    {
      ...(model ? { model } : {}),
      hooks: options.hooks,
      ...(options.toolAbortGraceMs !== undefined ? { toolAbortGraceMs: options.toolAbortGraceMs } : {}),
      ...(options.toolOutputMaxBytes ? { toolOutputMaxBytes: options.toolOutputMaxBytes } : {}),
      ...(memory ? { memory } : {}),
      ...(options.bus ? { bus: options.bus } : {}),
      ...(options.budget ? { budget: options.budget } : {}),
      // A replay binds no wait store: its wait tools serve the recorded outcome (`waitToolsToReplay`).
      ...(options.waits && !replay ? { waits: options.waits } : {}),
      configureTools: (registry) => {
        const decorate = options.decorateTool ?? ((tool: AnyTool) => tool);
        const tools = [...options.tools.select(config.tools), ...(options.extraTools ?? [])];
        const replayed =
          replay && recorded
            ? replayTools([...tools, ...(options.waits ? waitToolsToReplay(config) : [])], recorded, replay.policy, options.beforeLiveReplayCall)
            : undefined;
        for (const tool of replayed ?? tools) registry.register(decorate(tool));
      },
      createInstanceId: () => options.runId,
    },
  );
}

/**
 * The run's model (or its demo script), answering the interrupted step from the stored reply when there
 * is one. A recorded replay stores none (it has no ledger hook) and keeps its own gateway.
 */
function withInFlightReply(options: BuildRunEngineOptions, live: ModelGateway | undefined): ModelGateway | undefined {
  const model = live ?? (options.config.demoScript ? new DemoScriptModel(options.config.demoScript) : undefined);
  return options.inFlightReply && model ? new InFlightReplyGateway(model, options.runId, options.inFlightReply) : live;
}

/** Recorded replies first; the version's model (or its demo script) from the first divergence on. */
function recordedGateway(options: BuildRunEngineOptions, replay: ReplayFixture, live: ModelGateway | undefined): ModelGateway | undefined {
  const fallback = live ?? (options.config.demoScript ? new DemoScriptModel(options.config.demoScript) : undefined);
  return fallback ? new RecordedResponseGateway(replay.fixture.transcript, fallback, options.beforeLiveReplayCall) : undefined;
}

function gatewayFor(options: BuildRunEngineOptions): ModelGateway {
  const { config } = options;
  return options.models.gateway(config.model!, {
    fallbacks: config.fallbackModels,
    onFallback: (event) => options.onModelFallback?.(event.from, event.to, event.error.message),
  });
}

/** A replay's memory: reads from the recorded injections or, in live memory mode, from the tenant's memory now; never a write. */
function replayMemoryPort(replay: ReplayFixture, live: MemoryPort): MemoryPort {
  return replay.memoryMode === 'live' ? new LiveReadsMemoryPort(live) : new ReplayMemoryPort(replay.fixture.memoryInjections, replay.recordedAt);
}
