import { loadWasmSchemaEngine } from './load-wasm-engine.mjs';

/** The prisma-engines commit the WASM engine was built from, as `schema-engine --version` prints it. */
export async function engineVersion() {
  await loadWasmSchemaEngine();
  const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  return glue.version();
}
