import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { openDatabase } from '@agentloom/db';
import { runCliCommand } from '@agentloom/db/cli';

import { resealStoredSecrets } from '../reseal-stored-secrets';
import { SecretBox, secretKeyId } from '../secret-box';
import { parseSecretKey } from '../secret-key';

/**
 * `AGENTLOOM_SECRET_KEY=<new key> npm run secrets:rotate -- --from-key <old key>`
 * Re-seals every stored secret (model API keys in agent versions, webhook signing secrets, MCP
 * server auth headers) with the
 * new key, in one transaction: values sealed with the old key, and legacy plaintext values. A value
 * neither key opens aborts the whole rotation (nothing is written). On the database named by
 * DATABASE_URL (server; stop or restart every process with the new key afterwards) or
 * AGENTLOOM_DATA_DIR (embedded; stop the console first — one process per data directory — the
 * data directory's `secret-key` file is then replaced by the new key).
 */
const usage = 'Usage: AGENTLOOM_SECRET_KEY=<new base64 key> npm run secrets:rotate -- --from-key <old base64 key>';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'from-key': { type: 'string' }, help: { type: 'boolean' } } });
  const newKeyText = process.env['AGENTLOOM_SECRET_KEY'];
  if (values.help || !values['from-key'] || !newKeyText) {
    console.log(usage);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  // A key that is not 32 bytes of base64 is a `validation` DomainError naming its flag or variable (exit 2, with the usage).
  const oldKey = parseSecretKey(values['from-key'], '--from-key');
  const newKey = parseSecretKey(newKeyText);
  const box = new SecretBox(newKey, [oldKey]);
  const migrationsDirectory = process.env['AGENTLOOM_MIGRATIONS_DIR'] ?? new URL('../../../../../prisma/migrations', import.meta.url).pathname;
  const url = process.env['DATABASE_URL'];
  const dataDirectory = process.env['AGENTLOOM_DATA_DIR'] ?? '.agentloom';
  const database = await openDatabase(url ? { url, migrationsDirectory } : { dataDirectory, migrationsDirectory });
  try {
    const report = await resealStoredSecrets(database, box, { strict: true });
    console.log(
      `Re-sealed ${report.agentVersions} agent version(s), ${report.webhookEndpoints} webhook endpoint(s) and ${report.mcpServers} MCP server(s) with key ${secretKeyId(newKey)}.`,
    );
  } finally {
    await database.close();
  }
  const keyFile = join(dataDirectory, 'secret-key');
  if (!url && existsSync(keyFile) && parseSecretKey(await readFile(keyFile, 'utf8'), keyFile).equals(oldKey)) {
    await writeFile(keyFile, `${newKey.toString('base64')}\n`, { mode: 0o600 });
    console.log(`Replaced ${keyFile} with the new key.`);
  } else {
    console.log('Now restart every console and worker with the new AGENTLOOM_SECRET_KEY.');
  }
}

await runCliCommand(usage, main);
