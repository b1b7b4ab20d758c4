import type { BindingMismatch } from '../errors';
import { ResumeMismatchError } from '../errors';
import { canonicalJson } from '../util/stable-hash';
import type { Checkpoint } from './checkpoint-schema';

type Bindings = Checkpoint['bindings'];

/** Throws `ResumeMismatchError` listing every difference between recorded and current bindings. */
export function verifyBindings(recorded: Bindings, current: Bindings): void {
  const mismatches: BindingMismatch[] = [];
  const compare = (path: string, before: unknown, after: unknown) => {
    if (canonicalJson(before) !== canonicalJson(after)) mismatches.push({ path, recorded: before ?? null, current: after ?? null });
  };
  for (const role of new Set([...Object.keys(recorded.modules), ...Object.keys(current.modules)])) {
    compare(`modules.${role}.moduleId`, recorded.modules[role]?.moduleId, current.modules[role]?.moduleId);
    if (recorded.modules[role]?.moduleId === current.modules[role]?.moduleId) {
      compare(`modules.${role}.config`, recorded.modules[role]?.config, current.modules[role]?.config);
    }
  }
  compare('limits.maxModelCalls', recorded.limits.maxModelCalls, current.limits.maxModelCalls);
  compare('limits.maxIterations', recorded.limits.maxIterations, current.limits.maxIterations);
  const recordedTools = new Map(recorded.tools.map((tool) => [tool.name, tool]));
  const currentTools = new Map(current.tools.map((tool) => [tool.name, tool]));
  for (const name of new Set([...recordedTools.keys(), ...currentTools.keys()])) {
    const before = recordedTools.get(name);
    const after = currentTools.get(name);
    if (!before || !after) {
      compare(`tools.${name}`, before ? 'registered' : 'absent', after ? 'registered' : 'absent');
      continue;
    }
    compare(`tools.${name}.implementationId`, before.implementationId, after.implementationId);
    compare(`tools.${name}.schemaHash`, before.schemaHash, after.schemaHash);
    compare(`tools.${name}.sideEffects`, before.sideEffects, after.sideEffects);
  }
  if (mismatches.length > 0) throw new ResumeMismatchError(mismatches);
}
