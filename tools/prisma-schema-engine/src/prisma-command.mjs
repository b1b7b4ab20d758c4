import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** Our engine executable, to be set as PRISMA_SCHEMA_ENGINE_BINARY. */
export const schemaEngineBinary = fileURLToPath(new URL('../bin/schema-engine.mjs', import.meta.url));

/**
 * The environment for running the Prisma CLI offline: our schema engine instead of the download
 * (unless AGENTLOOM_STOCK_PRISMA_ENGINE=1 asks for Prisma's own binary on a connected machine),
 * and no update check or its banner (both call Prisma's servers).
 */
export function prismaEnvironment(environment = process.env) {
  const result = { ...environment, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' };
  if (environment.AGENTLOOM_STOCK_PRISMA_ENGINE !== '1') result.PRISMA_SCHEMA_ENGINE_BINARY = schemaEngineBinary;
  return result;
}

/**
 * Runs the project's `prisma` CLI with `args` on the current Node binary and resolves with its exit
 * code. `options.environment` adds variables; `options.capture` collects stdout instead of inheriting it.
 */
export function runPrisma(args, options = {}) {
  const cliEntry = require.resolve('prisma/build/index.js');
  const child = spawn(process.execPath, [cliEntry, ...args], {
    cwd: options.cwd,
    env: prismaEnvironment({ ...process.env, ...options.environment }),
    stdio: ['inherit', options.capture ? 'pipe' : 'inherit', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ exitCode: code ?? (signal ? 1 : 0), output }));
  });
}
