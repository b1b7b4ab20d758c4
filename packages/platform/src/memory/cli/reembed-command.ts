import { parseArgs } from 'node:util';

import { openDatabase } from '@agentloom/db';

import { reembedItems } from '../reembed-items';
import { embedderFromArguments } from './embedder-from-arguments';
import { renderProgress } from './progress-bar';

/**
 * `npm run memory:reembed -- --embedder <id> [--dimension N] [--base-url URL]`
 * Re-embeds every memory item not yet embedded by the given embedder, on the database named by
 * DATABASE_URL (server) or AGENTLOOM_DATA_DIR (embedded; stop the console first — one process per
 * data directory). Resumable: run it again after an interruption. Then configure the same embedder
 * for the platform, so searches use the new vectors.
 */
const usage = 'Usage: npm run memory:reembed -- --embedder <hashing-ngram/v1 | openai:<model> | openai-compatible:<model>> [--dimension N] [--base-url URL]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { embedder: { type: 'string' }, dimension: { type: 'string' }, 'base-url': { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.embedder) {
    console.log(usage);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const embedder = embedderFromArguments(values, process.env);
  const migrationsDirectory = process.env['AGENTLOOM_MIGRATIONS_DIR'] ?? new URL('../../../../../prisma/migrations', import.meta.url).pathname;
  const url = process.env['DATABASE_URL'];
  const database = await openDatabase(
    url ? { url, migrationsDirectory } : { dataDirectory: process.env['AGENTLOOM_DATA_DIR'] ?? '.agentloom', migrationsDirectory },
  );
  const interactive = process.stderr.isTTY;
  try {
    const result = await reembedItems(database, embedder, {
      onProgress: ({ done, total }) => {
        const line = renderProgress(`Re-embedding with ${embedder.id}`, done, total);
        if (interactive) process.stderr.write(`\r${line}`);
        else if (done === total || done % 1_000 < 64) process.stderr.write(`${line}\n`);
      },
    });
    if (interactive) process.stderr.write('\n');
    console.log(`Re-embedded ${result.done} item(s) with ${embedder.id} (${embedder.dimension} dimensions).`);
  } finally {
    await database.close();
  }
}

await main();
