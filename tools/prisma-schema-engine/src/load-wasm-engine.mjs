import { readFile } from 'node:fs/promises';

/**
 * Loads `@prisma/schema-engine-wasm` and returns its `SchemaEngine` class.
 *
 * The package's own entry does `import * as wasm from "./schema_engine_bg.wasm"`, which Node only
 * understands behind an experimental flag, so we instantiate the module by hand with the
 * wasm-bindgen glue as its import object (what Prisma's own loader does).
 */
export async function loadWasmSchemaEngine() {
  installPanicRegistry();
  const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  // The package exports no path to the .wasm file; it sits next to the glue module.
  const bytes = await readFile(new URL('schema_engine_bg.wasm', import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg')));
  const module = new WebAssembly.Module(bytes);
  const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue.SchemaEngine;
}

/**
 * The Rust panic hook reports the panic message through `global.PRISMA_WASM_PANIC_REGISTRY`;
 * without it a panic surfaces only as `RuntimeError: unreachable`.
 */
function installPanicRegistry() {
  if (globalThis.PRISMA_WASM_PANIC_REGISTRY) return;
  globalThis.PRISMA_WASM_PANIC_REGISTRY = {
    message: '',
    set_message(message) {
      this.message = message;
    },
  };
}

/** The message the last Rust panic registered, if any. */
export function lastPanicMessage() {
  return globalThis.PRISMA_WASM_PANIC_REGISTRY?.message || undefined;
}
