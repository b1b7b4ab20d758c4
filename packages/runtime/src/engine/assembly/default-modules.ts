import type { AgentConfig } from '../../config/agent-config.schema';
import { BudgetCompactionPolicy } from '../../context/budget-compaction-policy';
import { CharacterCompactionPolicy } from '../../context/character-compaction-policy';
import { JournalContextManager } from '../../context/journal-context-manager';
import { EvidenceCompletionPolicy } from '../../completion/evidence-completion-policy';
import { DemoScriptModel } from '../../demo/demo-script-model';
import { ValidationError } from '../../errors';
import { DefaultHookManager } from '../../hooks/default-hook-manager';
import { KeywordRouter } from '../../routing/keyword-router';
import { PlanStrategy } from '../../strategies/plan-strategy';
import { ReactStrategy } from '../../strategies/react-strategy';
import type { EngineModules } from '../engine-services';
import type { CreateEngineOptions } from './engine-options';

/** Injected modules where given, defaults chosen from the agent config everywhere else. */
export function resolveModules(config: AgentConfig, options: CreateEngineOptions): EngineModules {
  const model = options.model ?? (config.demoScript ? new DemoScriptModel(config.demoScript) : undefined);
  if (!model) throw new ValidationError('createEngine needs a model gateway (or a demoScript in the agent config)');
  const hooks = Array.isArray(options.hooks) || options.hooks === undefined ? new DefaultHookManager(options.hooks ?? []) : options.hooks;
  return {
    strategy: options.strategy ?? (config.mode === 'plan' ? new PlanStrategy() : new ReactStrategy()),
    completion: options.completion ?? new EvidenceCompletionPolicy(config.completion),
    context: options.context ?? new JournalContextManager(),
    compaction: options.compaction ?? defaultCompaction(config),
    ...routerOf(config, options),
    model,
    hooks,
  };
}

/** The injected router, else a KeywordRouter when the config asks for automatic memory injection and memory is bound. */
function routerOf(config: AgentConfig, options: CreateEngineOptions): Pick<EngineModules, 'router'> {
  if (options.router) return { router: options.router };
  if (!config.memoryInjection || !options.memory) return {};
  return { router: new KeywordRouter({ maxMemories: config.memoryInjection.maxMemories, minMemoryScore: config.memoryInjection.minScore }) };
}

function defaultCompaction(config: AgentConfig) {
  const policy = config.compaction;
  if (policy?.kind === 'character') return new CharacterCompactionPolicy(policy);
  return new BudgetCompactionPolicy(policy ?? {});
}

const versionedIdPattern = /(\/v\d+|@\d)/;

/** Every module must declare a non-empty, versioned id; checkpoints are only as safe as these ids. */
export function assertVersionedModuleIds(modules: EngineModules): void {
  for (const [role, module] of Object.entries(modules)) {
    if (!module) continue;
    const id: unknown = (module as { moduleId?: unknown }).moduleId;
    if (typeof id !== 'string' || id.trim() === '' || !versionedIdPattern.test(id)) {
      throw new ValidationError(`Module "${role}" needs a versioned moduleId such as "${role}-module/v1"; got ${JSON.stringify(id)}`);
    }
  }
}
