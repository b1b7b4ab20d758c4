import { randomUUID } from 'node:crypto';
import { agentConfigSchema, type AgentConfig, type AgentSnapshot, type SubAgentConfig } from '../config/agent-config.schema';
import { defaultExecutionLimits, type ExecutionLimits } from '../contracts/execution-limits';
import type { EventBus } from '../contracts/event-bus';
import type { DelegationIdentity, HookManager } from '../contracts/hooks';
import type { ToolContext } from '../contracts/tool-context';
import { servesRecordedReplies } from '../contracts/recorded-replies';
import { ValidationError } from '../errors';
import { InProcessEventBus } from '../events/in-process-event-bus';
import { defaultToolOutputMaxBytes, minimumToolOutputMaxBytes } from '../tools/bound-tool-output';
import { FolderSkillSource } from '../routing/folder-skill-source';
import { deepFreeze, jsonClone } from '../util/deep-freeze';
import { assembleRegistry, registerToolTopics } from './assembly/assemble-tools';
import { assertVersionedModuleIds, resolveModules } from './assembly/default-modules';
import type { CreateEngineOptions } from './assembly/engine-options';
import { computeBindings } from './assembly/module-bindings';
import { createChildRunner } from './delegation/child-runner';
import { delegatedHooks } from './delegation/delegated-hooks';
import { Engine } from './engine';
import type { EngineServices } from './engine-services';

/**
 * Assembles an engine from an agent snapshot. The snapshot is validated and copied; injected modules
 * replace defaults, which are otherwise chosen from the config (mode → strategy, compaction policy,
 * completion options, limits). The tool registry is frozen before this returns.
 */
export function createEngine(snapshot: AgentSnapshot, options: CreateEngineOptions = {}): Engine {
  return assembleEngine(snapshot, options, false);
}

function assembleEngine(snapshot: AgentSnapshot, options: CreateEngineOptions, isChild: boolean): Engine {
  const parsed = agentConfigSchema.safeParse(jsonClone(snapshot.config));
  if (!parsed.success) throw new ValidationError(`Invalid agent config: ${parsed.error.message}`, parsed.error);
  const config = parsed.data;
  const modules = resolveModules(config, options);
  assertVersionedModuleIds(modules);
  const limits = resolveLimits(config, options);
  const skills = options.skills ?? (config.skills ? new FolderSkillSource(config.skills.directory) : undefined);
  const memoryScope = options.memory?.scope ?? config.memory;
  const memory = options.memory && memoryScope ? { port: options.memory.port, scope: memoryScope } : undefined;
  const registry = assembleRegistry({ config, options, isChild, skills, hasMemory: memory !== undefined, hasWaits: options.waits !== undefined });
  const bus: EventBus<ToolContext> = options.bus ?? new InProcessEventBus<ToolContext>();
  const engineId = randomUUID();
  const { topics } = registerToolTopics(registry, bus, engineId);
  const approvals = { ...config.approvals, ...options.approvals };
  const services: EngineServices = {
    modules,
    registry,
    bus,
    toolTopics: topics,
    limits,
    approvals,
    config,
    frozenConfig: deepFreeze(jsonClone(config)),
    systemPrompt: [config.instructions, modules.strategy.instructions()].filter(Boolean).join('\n\n'),
    bindings: computeBindings(modules, limits, registry),
    ...(memory ? { memory } : {}),
    ...(options.waits && !isChild ? { waits: options.waits } : {}),
    ...(skills ? { skills } : {}),
    ...(options.toolStateStore ? { toolStateStore: options.toolStateStore } : {}),
    ...(options.budget && !isChild ? { budget: options.budget } : {}),
    ...(servesRecordedReplies(modules.model) ? { recordedReplies: modules.model } : {}),
    workspacePath: options.workspacePath,
    children:
      isChild || config.subAgents.length === 0
        ? undefined
        : createChildRunner(config.subAgents, (subAgent, delegation) =>
            childEngine(subAgent, options, { model: modules.model, hooks: modules.hooks, approvals, builtinTools: config.builtinTools }, delegation),
          ),
    toolAbortGraceMs: resolveToolAbortGrace(options.toolAbortGraceMs),
    toolOutputMaxBytes: resolveToolOutputMaxBytes(options.toolOutputMaxBytes),
    clock: options.clock ?? (() => new Date()),
    createInstanceId: options.createInstanceId ?? randomUUID,
  };
  return new Engine(services, { ownsBus: options.bus === undefined, borrowed: new Set(isChild ? [modules.model] : []) });
}

/** What a sub-agent inherits from its parent engine, beyond the creation options. */
interface ParentGuards {
  model: EngineServices['modules']['model'];
  hooks: HookManager;
  approvals: EngineServices['approvals'];
  /** The parent's built-in allow-list: a sub-agent gets no built-in its parent was denied. */
  builtinTools: string[] | undefined;
}

/**
 * A sub-agent runs on the parent's model and stores with default modules; its own config picks the
 * strategy. Its tool calls go through the parent's guarded path: the parent's approval rules (a child
 * cannot launder an `always` tool) and the parent's hooks (ledger, vetoes), under its delegation identity;
 * its built-ins are limited to the parent's allow-list (`builtinTools`), so a child cannot use one its parent was denied.
 */
function childEngine(subAgent: SubAgentConfig, parent: CreateEngineOptions, guards: ParentGuards, delegation: DelegationIdentity): Engine {
  const config: AgentConfig['subAgents'][number] = subAgent;
  return assembleEngine(
    { config: { instructions: config.instructions, mode: config.mode, ...(guards.builtinTools ? { builtinTools: guards.builtinTools } : {}) } },
    {
      model: guards.model,
      approvals: { ...guards.approvals },
      hooks: [delegatedHooks(guards.hooks, delegation)],
      ...(parent.configureTools ? { configureTools: parent.configureTools } : {}),
      ...(parent.memory ? { memory: parent.memory } : {}),
      ...(parent.workspacePath ? { workspacePath: parent.workspacePath } : {}),
      ...(parent.clock ? { clock: parent.clock } : {}),
      ...(parent.toolAbortGraceMs !== undefined ? { toolAbortGraceMs: parent.toolAbortGraceMs } : {}),
      ...(parent.toolOutputMaxBytes ? { toolOutputMaxBytes: parent.toolOutputMaxBytes } : {}),
    },
    true,
  );
}

/** Default for `CreateEngineOptions.toolAbortGraceMs`. */
export const defaultToolAbortGraceMs = 5_000;

function resolveToolAbortGrace(value: number | undefined): number {
  if (value === undefined) return defaultToolAbortGraceMs;
  if (!Number.isInteger(value) || value < 0) throw new ValidationError(`toolAbortGraceMs must be a non-negative integer; got ${value}`);
  return value;
}

function resolveLimits(config: AgentConfig, options: CreateEngineOptions): ExecutionLimits {
  const limits = { ...defaultExecutionLimits, ...stripUndefined(config.limits), ...stripUndefined(options.limits ?? {}) };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value <= 0) throw new ValidationError(`Execution limit ${name} must be a positive integer; got ${value}`);
  }
  return limits;
}

function resolveToolOutputMaxBytes(value: number | undefined): number {
  if (value === undefined) return defaultToolOutputMaxBytes;
  if (!Number.isInteger(value) || value < minimumToolOutputMaxBytes) {
    throw new ValidationError(`toolOutputMaxBytes must be an integer of at least ${minimumToolOutputMaxBytes}; got ${value}`);
  }
  return value;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
