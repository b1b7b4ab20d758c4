import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { openDatabase } from '@agentloom/db';
import { runCliCommand } from '@agentloom/db/cli';

import { rotateOperatorKey } from '../operator-keys';

/**
 * `npm run operator:rotate-key`
 * Revokes every instance operator key and creates a new one, in one transaction, and prints it once.
 * On the database named by DATABASE_URL (server; any console honours the new key at once) or
 * AGENTLOOM_DATA_DIR (embedded; stop the console first — one process per data directory — the data
 * directory's `operator-key` file is then replaced). For a lost or leaked operator key.
 */
const usage = 'Usage: npm run operator:rotate-key   (DATABASE_URL for a server, else AGENTLOOM_DATA_DIR, default .agentloom)';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(usage);
    return;
  }
  const migrationsDirectory = process.env['AGENTLOOM_MIGRATIONS_DIR'] ?? new URL('../../../../../prisma/migrations', import.meta.url).pathname;
  const url = process.env['DATABASE_URL'];
  const dataDirectory = process.env['AGENTLOOM_DATA_DIR'] ?? '.agentloom';
  const database = await openDatabase(url ? { url, migrationsDirectory } : { dataDirectory, migrationsDirectory });
  try {
    const keyPath = url ? undefined : join(dataDirectory, 'operator-key');
    const { operatorKey, revoked, keyFileFailure } = await rotateOperatorKey(database, keyPath);
    const savedTo = keyPath && !keyFileFailure ? `, also saved to ${keyPath}` : '';
    console.log(`Revoked ${revoked} operator key(s). New operator key (shown once${savedTo}):`);
    console.log(operatorKey);
    if (keyFileFailure) console.error(`Could not save it to ${keyPath}: ${keyFileFailure}. Copy it from above; it is not shown again.`);
  } finally {
    await database.close();
  }
}

await runCliCommand(usage, main);
