import { lastPanicMessage } from './load-wasm-engine.mjs';

/** jsonrpc_core's server-error code the native engine uses for every failed method. */
const ENGINE_ERROR_CODE = 4466;

/**
 * Turns anything a method threw into the JSON-RPC `error` object the native engine sends. The
 * CLI reads `data.is_panic`, `data.message` and `data.error_code` (user-facing P-codes).
 */
export function toRpcError(error) {
  return { code: ENGINE_ERROR_CODE, message: 'An error happened. Check the data field for details.', data: errorData(error) };
}

function errorData(error) {
  if (error instanceof WebAssembly.RuntimeError) {
    return { is_panic: true, message: lastPanicMessage() ?? error.message, backtrace: error.stack };
  }
  const message = typeof error?.message === 'string' ? error.message : String(error);
  if (typeof error?.code === 'string' && /^P\d{4}$/.test(error.code)) {
    return { is_panic: false, message, meta: error.meta ?? null, error_code: error.code };
  }
  return { is_panic: false, message };
}

/** A method the JSON-RPC API does not have (or the WASM engine cannot serve). */
export function methodNotFound(method) {
  return { code: -32601, message: `Method not found: ${method}` };
}
