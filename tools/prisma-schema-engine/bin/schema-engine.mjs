#!/usr/bin/env node
// A drop-in for Prisma's native schema engine (set it as PRISMA_SCHEMA_ENGINE_BINARY): speaks the
// native engine's command line and JSON-RPC over stdio, and does the work with the WASM schema
// engine from npm, so the Prisma CLI never downloads a binary. See ../README.md.
import { parseCommandLine } from '../src/command-line.mjs';
import { EngineSession } from '../src/engine-session.mjs';
import { serveJsonRpc } from '../src/json-rpc-server.mjs';
import { runOneShotCommand } from '../src/one-shot-commands.mjs';
import { createRpcMethods } from '../src/rpc-methods.mjs';
import { engineVersion } from '../src/engine-version.mjs';
import { writeLogLine } from '../src/log-lines.mjs';

const options = parseCommandLine(process.argv.slice(2));

if (options.oneShotCommand === 'version') {
  process.stdout.write(`schema-engine-cli ${await engineVersion()}\n`);
} else if (options.oneShotCommand) {
  process.exitCode = await runOneShotCommand(options.oneShotCommand, options.datasource);
} else {
  const session = new EngineSession(options);
  let closing;
  const shutdown = () => {
    closing ??= session.close().finally(() => process.exit(process.exitCode ?? 0));
    return closing;
  };
  // The CLI ends stdin and then immediately sends SIGTERM; both must release connections and drop
  // a temporary shadow database before the process goes away.
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  const server = serveJsonRpc({
    createMethods: (requestClient) => createRpcMethods(session, requestClient),
    onInputClosed: shutdown,
  });
  process.on('uncaughtException', (error) => {
    // The WASM instance is not safe to use after an error escaped it: report, clean up, and exit
    // with 1, which the CLI reads as "Error in Schema engine" plus our last ERROR log line.
    writeLogLine('ERROR', { is_panic: false, error_code: '', message: error?.message ?? String(error) });
    server.failInFlightRequest(error);
    process.exitCode = 1;
    session.close().finally(() => process.exit(1));
  });
}
