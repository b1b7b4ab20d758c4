#!/usr/bin/env node
// Fails when prisma/schema.prisma and prisma/migrations/ have drifted apart, i.e. someone changed
// the schema without generating a migration (or edited a migration by hand). Runs on throwaway
// PGlite databases (pgvector included), so it needs no database server.
// Usage: migrate-check.mjs [--schema <file>] [--migrations <dir>] [--config <prisma.config.ts>]
import path from 'node:path';
import { parseArgs } from 'node:util';

import { runPrisma } from '../src/prisma-command.mjs';
import { defaultConfigPath, repositoryRoot } from '../src/repository-paths.mjs';
import { withThrowawayDatabases } from '../src/throwaway-postgres.mjs';

const { values: options } = parseArgs({
  options: {
    schema: { type: 'string', default: path.join(repositoryRoot, 'prisma/schema.prisma') },
    migrations: { type: 'string', default: path.join(repositoryRoot, 'prisma/migrations') },
    config: { type: 'string', default: defaultConfigPath },
  },
});

const DIFF_FOUND = 2;

const { exitCode, output } = await withThrowawayDatabases((environment) =>
  runPrisma(
    [
      'migrate', 'diff',
      '--from-migrations', path.resolve(options.migrations),
      '--to-schema', path.resolve(options.schema),
      '--script', '--exit-code',
      '--config', path.resolve(options.config),
    ],
    {
      capture: true,
      environment: { DATABASE_URL: environment.databaseUrl, SHADOW_DATABASE_URL: environment.shadowDatabaseUrl },
    },
  ),
);

if (exitCode === 0) {
  console.log('schema.prisma and prisma/migrations are in sync.');
} else if (exitCode === DIFF_FOUND) {
  process.stdout.write(output);
  console.error(
    '\nschema.prisma and prisma/migrations differ — generate a migration with: npm run db:migrate:dev -- --name <describe-change>',
  );
} else {
  process.stdout.write(output);
  console.error(`\nThe migration check could not run (prisma migrate diff exited with ${exitCode}).`);
}
process.exit(exitCode === 0 ? 0 : 1);
