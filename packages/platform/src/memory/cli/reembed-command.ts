import { parseArgs } from 'node:util';

import { openDatabase } from '@agentloom/db';
import { CommandUsageError, runCliCommand } from '@agentloom/db/cli';

import { reembedItems } from '../reembed-items';
import { embedderSelectionFromArguments } from './embedder-from-arguments';
import { renderProgress } from './progress-bar';

/**
 * `npm run memory:reembed -- [--embedder <name>] [--dimension N] [--base-url URL] [--model-dir DIR] [--batch-size N]`
 * Re-embeds every memory item not yet embedded by the given embedder (default: the one the apps'
 * AGENTLOOM_EMBEDDER* variables select, `use-lite` when unset), on the database named by DATABASE_URL
 * (server) or AGENTLOOM_DATA_DIR (embedded; stop the console first — one process per data
 * directory). Resumable: run it again after an interruption. Until every item is moved, searches
 * compare the query only with items of the active embedder; the rest are still found by full text.
 */
const usage =
  'Usage: npm run memory:reembed -- [--embedder <use-lite | hashing | transformers | openai:<model> | openai-compatible:<model>>] ' +
  '[--dimension N] [--base-url URL] [--model-dir DIR] [--batch-size N]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      embedder: { type: 'string' },
      dimension: { type: 'string' },
      'base-url': { type: 'string' },
      'model-dir': { type: 'string' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const batchSize = values['batch-size'] === undefined ? 64 : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) throw new CommandUsageError('--batch-size must be an integer from 1 to 10000');
  // A setting it cannot use is a `validation` DomainError naming the flag: runCliCommand prints it with the usage.
  const selection = embedderSelectionFromArguments(values, process.env);
  if (selection.fallbackReason) {
    // Moving every item to the fallback would throw away the vectors of the embedder the operator asked for.
    console.error(`${selection.fallbackReason}. Nothing was changed; install it or pass --embedder hashing.`);
    process.exitCode = 1;
    return;
  }
  const { embedder } = selection;
  const migrationsDirectory = process.env['AGENTLOOM_MIGRATIONS_DIR'] ?? new URL('../../../../../prisma/migrations', import.meta.url).pathname;
  const url = process.env['DATABASE_URL'];
  const database = await openDatabase(
    url ? { url, migrationsDirectory } : { dataDirectory: process.env['AGENTLOOM_DATA_DIR'] ?? '.agentloom', migrationsDirectory },
  );
  const interactive = process.stderr.isTTY;
  const started = performance.now();
  let lastLine = 0;
  try {
    const result = await reembedItems(database, embedder, {
      batchSize,
      onProgress: ({ done, total }) => {
        const line = renderProgress(`Re-embedding with ${embedder.id}`, done, total, performance.now() - started);
        if (interactive) process.stderr.write(`\r${line}\x1b[K`);
        else if (done === total || done - lastLine >= 1_000 || done === 0) {
          process.stderr.write(`${line}\n`);
          lastLine = done;
        }
      },
    });
    if (interactive) process.stderr.write('\n');
    console.log(`Re-embedded ${result.done} item(s) with ${embedder.id} (${embedder.dimension} dimensions).`);
  } finally {
    await database.close();
    await embedder.close?.();
  }
}

await runCliCommand(usage, main);
