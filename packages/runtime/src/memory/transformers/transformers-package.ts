import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export type TransformersLocation = { found: true; packageEntry: string } | { found: false; reason: string };

/**
 * Checks, without loading anything, that `@huggingface/transformers` (an optional dependency; its
 * `onnxruntime-node` installs offline with `ONNXRUNTIME_NODE_INSTALL=skip`) resolves and that the
 * model directory holds what a feature-extraction pipeline reads: `config.json`, `tokenizer.json`
 * and an ONNX file under `onnx/`.
 */
export function locateTransformers(modelDirectory: string): TransformersLocation {
  const missing = ['config.json', 'tokenizer.json'].filter((file) => !existsSync(join(modelDirectory, file)));
  const onnxDirectory = join(modelDirectory, 'onnx');
  if (!existsSync(onnxDirectory) || !readdirSync(onnxDirectory).some((file) => file.endsWith('.onnx'))) missing.push('onnx/*.onnx');
  if (missing.length > 0) return { found: false, reason: `the model directory lacks ${missing.join(', ')}` };
  const bases = [join(process.cwd(), 'package.json')];
  if (import.meta.url.startsWith('file:')) bases.unshift(import.meta.url);
  for (const base of bases) {
    try {
      return { found: true, packageEntry: createRequire(base).resolve('@huggingface/transformers') };
    } catch {
      // Try the next base.
    }
  }
  return { found: false, reason: 'the optional package @huggingface/transformers is not installed' };
}
