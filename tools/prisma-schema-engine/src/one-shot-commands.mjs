import { checkConnection, createDatabase, dropDatabase } from './database-administration.mjs';
import { writeLogLine } from './log-lines.mjs';

const COMMANDS = {
  'can-connect-to-database': async (url) => {
    await checkConnection(url);
    return 'Connection successful';
  },
  'create-database': async (url) => `Database '${await createDatabase(url)}' was successfully created.`,
  'drop-database': async (url) => {
    await dropDatabase(url);
    return 'The database was successfully dropped.';
  },
};

/**
 * Runs `schema-engine … cli <command>` and returns the exit code. The CLI skips the first stderr
 * line and parses every later one as JSON, so we always log a start line before the outcome; a
 * failure is an ERROR line whose `error_code` the CLI acts on (P1003 → run create-database).
 */
export async function runOneShotCommand(command, datasource) {
  writeLogLine('INFO', { message: 'Starting schema engine CLI (WASM)' }, 'schema_engine_cli');
  const run = COMMANDS[command];
  if (!run) {
    writeLogLine('ERROR', { is_panic: false, error_code: '', message: `Unknown cli command: ${command}` });
    return 1;
  }
  if (!datasource?.url) {
    writeLogLine('ERROR', { is_panic: false, error_code: '', message: 'The datasource URL is missing (--datasource).' });
    return 1;
  }
  try {
    writeLogLine('INFO', { message: await run(datasource.url) }, 'schema_engine_cli::commands');
    return 0;
  } catch (error) {
    writeLogLine('ERROR', { is_panic: false, error_code: error?.code?.startsWith?.('P') ? error.code : '', message: error?.message ?? String(error) });
    return 1;
  }
}
