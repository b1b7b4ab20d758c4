/**
 * `npm run db:serve [-- --port 5433 --data-dir .agentloom]`: serves the embedded database over the
 * Postgres wire protocol so psql and the Prisma CLI can reach it. It takes the data directory's
 * lock, so it refuses to run while the console has the database open (stop the console first).
 * One client connection at a time: PGlite has a single session.
 */
import { parseArgs } from 'node:util';

import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

import { openEmbedded } from '../embedded/open-embedded';
import { findRepositoryRoot } from './repository-root';
import { CommandUsageError, runCliCommand } from './run-cli-command';

const usage = 'Usage: npm run db:serve [-- --port 5433] [--host 127.0.0.1] [--data-dir DIR]   (default AGENTLOOM_DATA_DIR, else <repo>/.agentloom)';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5433' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new CommandUsageError(`--port must be a TCP port number, got ${values.port}`);
  const dataDirectory = values['data-dir'] ?? process.env.AGENTLOOM_DATA_DIR ?? `${findRepositoryRoot()}/.agentloom`;

  const embedded = await openEmbedded(dataDirectory);
  const server = new PGLiteSocketServer({ db: embedded.pglite, port, host: values.host });
  try {
    await server.start();
  } catch (error) {
    // Port taken: release the data directory's lock before reporting it.
    await embedded.close();
    throw error;
  }
  console.log(`Serving the embedded database in ${embedded.location} at postgresql://postgres@${values.host}:${port}/postgres (Ctrl-C to stop)`);
  const stop = async () => {
    await server.stop();
    await embedded.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

await runCliCommand(usage, main);
