/**
 * Writes log lines to stderr in the shape of the native engine's `tracing` JSON output, which the
 * Prisma CLI parses: `fields.message` for context, and `level: "ERROR"` lines with
 * `target: "schema_engine::logger"` and `fields.error_code` as the result of one-shot commands.
 */
export function writeLogLine(level, fields, target = 'schema_engine::logger') {
  const line = { timestamp: new Date().toISOString(), level, fields, target };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

/** Forwards a log record from the WASM engine's logger callback, keeping stderr one JSON object per line. */
export function forwardEngineLog(record) {
  if (typeof record === 'string') {
    try {
      JSON.parse(record);
      process.stderr.write(`${record.trimEnd()}\n`);
      return;
    } catch {
      writeLogLine('INFO', { message: record }, 'schema_engine_wasm');
      return;
    }
  }
  process.stderr.write(`${JSON.stringify(record)}\n`);
}
