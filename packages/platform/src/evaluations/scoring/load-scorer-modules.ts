import { resolve } from 'node:path';

import { importModule } from '../../tools/load-tool-modules';
import type { CustomScorer } from './custom-scorer';

/** A scorer module named in AGENTLOOM_SCORER_MODULES could not be used; the message names the module. */
export class ScorerModuleError extends Error {
  override readonly name = 'ScorerModuleError';
}

/**
 * Imports every scorer module (ESM JavaScript or TypeScript, through the tool-module loader) and
 * collects their `scorers` exports. Fails at start on the first module that cannot be imported,
 * exports no `scorers` array, holds something that is not a scorer, or repeats a name.
 */
export async function loadScorerModules(paths: readonly string[], workingDirectory: string = process.cwd()): Promise<CustomScorer[]> {
  const scorers: CustomScorer[] = [];
  for (const path of paths) {
    const absolutePath = resolve(workingDirectory, path);
    let exports: { scorers?: unknown };
    try {
      exports = (await importModule(absolutePath)) as { scorers?: unknown };
    } catch (error) {
      throw new ScorerModuleError(`Scorer module ${path} (${absolutePath}) failed to load: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!Array.isArray(exports.scorers)) throw new ScorerModuleError(`Scorer module ${path} exports no \`scorers\` array; expected \`export const scorers = [defineScorer(...)]\``);
    for (const [index, scorer] of (exports.scorers as unknown[]).entries()) {
      if (!looksLikeScorer(scorer)) throw new ScorerModuleError(`Scorer module ${path}: scorers[${index}] is not a scorer (define it with defineScorer from @agentloom/platform)`);
      if (scorers.some((known) => known.name === scorer.name)) throw new ScorerModuleError(`Scorer module ${path}: scorer "${scorer.name}" is defined twice`);
      scorers.push(scorer);
    }
  }
  return scorers;
}

function looksLikeScorer(value: unknown): value is CustomScorer {
  if (typeof value !== 'object' || value === null) return false;
  const scorer = value as Record<string, unknown>;
  return typeof scorer.name === 'string' && typeof scorer.description === 'string' && typeof scorer.score === 'function';
}
