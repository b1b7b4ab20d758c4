#!/usr/bin/env node
// `prisma migrate dev` for generating migrations with nothing installed: unless DATABASE_URL is
// set, it runs against two throwaway in-memory PGlite databases (main and shadow, with pgvector),
// so the new migration lands in prisma/migrations and the databases vanish afterwards.
// Usage: migrate-dev.mjs --name <describe-change> [other `prisma migrate dev` options]
import { runPrisma } from '../src/prisma-command.mjs';
import { withDefaultConfig } from '../src/repository-paths.mjs';
import { withThrowawayDatabases } from '../src/throwaway-postgres.mjs';

const args = ['migrate', 'dev', ...withDefaultConfig(process.argv.slice(2))];

const { exitCode } = process.env.DATABASE_URL
  ? await runPrisma(args)
  : await withThrowawayDatabases((environment) =>
      runPrisma(args, {
        environment: { DATABASE_URL: environment.databaseUrl, SHADOW_DATABASE_URL: environment.shadowDatabaseUrl },
      }),
    );
process.exit(exitCode);
