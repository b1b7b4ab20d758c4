import type { EngineModules, EngineServices } from './engine-services';

/** What close() released and what failed. */
export interface CloseReport {
  /** Module ids in the order they were closed (modules without `close` are skipped). */
  closed: string[];
  errors: { moduleId: string; message: string; error: unknown }[];
}

/** What the engine owns: a shared bus only loses this engine's tool topics; borrowed modules are not closed. */
export interface EngineOwnership {
  ownsBus: boolean;
  borrowed: ReadonlySet<object>;
}

/** The fixed order from the runtime contract: decision-making modules first, the model and hooks last. */
export const moduleCloseOrder: readonly (keyof EngineModules)[] = ['strategy', 'completion', 'context', 'compaction', 'router', 'model', 'hooks'];

export async function closeEngine(services: EngineServices, ownership: EngineOwnership): Promise<CloseReport> {
  const report: CloseReport = { closed: [], errors: [] };
  try {
    if (ownership.ownsBus) await services.bus.close();
    else for (const topic of services.toolTopics.values()) services.bus.cancelTopic(topic);
  } catch (error) {
    report.errors.push({ moduleId: services.bus.moduleId, message: messageOf(error), error });
  }
  const seen = new Set<object>(ownership.borrowed);
  for (const role of moduleCloseOrder) {
    const module = services.modules[role];
    // The same object may fill two roles or be shared with a parent engine; close it once, by its owner.
    if (!module || seen.has(module)) continue;
    seen.add(module);
    if (!module.close) continue;
    try {
      await module.close();
      report.closed.push(module.moduleId);
    } catch (error) {
      report.errors.push({ moduleId: module.moduleId, message: messageOf(error), error });
    }
  }
  return report;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
