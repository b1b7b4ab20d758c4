import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runTool } from './run-tool.js';
import { createScratchProject, type ScratchProject } from './scratch-project.js';

// The unmodified Prisma CLI, with our engine as PRISMA_SCHEMA_ENGINE_BINARY, against embedded
// PGlite (pgvector) and the local Postgres 15 server — no engine download anywhere.
const POSTGRES_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432';

async function startPglite() {
  const database = await PGlite.create({ extensions: { vector } });
  const server = new PGLiteSocketServer({ db: database, host: '127.0.0.1', port: 0, maxConnections: 32 });
  await server.start();
  return {
    url: `postgresql://postgres@${server.getServerConn()}/postgres`,
    stop: async () => {
      await server.stop();
      await database.close();
    },
  };
}

// Each test runs the Prisma CLI (and its WASM engine) up to three times as child processes: on a
// loaded 2-core machine one test took over the default 120 s, so the file's tests get more.
const cliTestTimeoutMs = 480_000;

describe('offline Prisma CLI through the WASM schema engine', { timeout: cliTestTimeoutMs }, () => {
  let project: ScratchProject;
  // One pair of PGlite servers for the whole file: creating one costs seconds. migrate-check still
  // exercises the helpers' own throwaway databases.
  let main: Awaited<ReturnType<typeof startPglite>>;
  let shadow: Awaited<ReturnType<typeof startPglite>>;
  const pgliteEnvironment = () => ({ DATABASE_URL: main.url, SHADOW_DATABASE_URL: shadow.url });

  beforeAll(async () => {
    [project, main, shadow] = await Promise.all([createScratchProject(), startPglite(), startPglite()]);
  });

  afterAll(async () => {
    await Promise.allSettled([project?.remove(), main?.stop(), shadow?.stop()]);
  });

  it('migrate dev creates and applies the first migration on PGlite', async () => {
    const result = await runTool('migrate-dev.mjs', ['--name', 'init', '--config', project.configPath], pgliteEnvironment());

    expect(result.exitCode, result.stderr).toBe(0);
    const migrations = await readdir(project.migrationsPath);
    expect(migrations.some((name) => name.endsWith('_init'))).toBe(true);
  });

  describe('migrate diff --exit-code on PGlite', () => {
    const diff = () =>
      runTool(
        'prisma.mjs',
        [
          'migrate',
          'diff',
          '--from-migrations',
          project.migrationsPath,
          '--to-schema',
          project.schemaPath,
          '--script',
          '--exit-code',
          '--config',
          project.configPath,
        ],
        pgliteEnvironment(),
      );
    it('exits 0 when schema and migrations agree', async () => {
      const result = await diff();
      expect(result.exitCode, result.stderr).toBe(0);
    });

    it('exits 2 and prints the SQL once the schema gained a field', async () => {
      await project.addField();
      const result = await diff();
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stdout).toContain('ADD COLUMN');
      expect(result.stdout).toContain('"body"');
    });
  });

  it('migrate-check fails with the fix-it line on drift', async () => {
    const result = await runTool('migrate-check.mjs', ['--schema', project.schemaPath, '--migrations', project.migrationsPath, '--config', project.configPath]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      'schema.prisma and prisma/migrations differ — generate a migration with: npm run db:migrate:dev -- --name <describe-change>',
    );
  });

  it('migrate dev writes the next migration after a schema change, and the check passes again', async () => {
    const result = await runTool('migrate-dev.mjs', ['--name', 'Add body', '--config', project.configPath], pgliteEnvironment());
    expect(result.exitCode, result.stderr).toBe(0);
    const added = (await readdir(project.migrationsPath)).find((name) => name.endsWith('_add_body'));
    expect(added).toBeDefined();
    expect(await readFile(path.join(project.migrationsPath, added!, 'migration.sql'), 'utf8')).toContain('ADD COLUMN');
    const again = await runTool('migrate-dev.mjs', ['--name', 'nothing', '--config', project.configPath], pgliteEnvironment());
    expect(again.stdout).toContain('no migration created');
    const check = await runTool('migrate-check.mjs', ['--schema', project.schemaPath, '--migrations', project.migrationsPath, '--config', project.configPath]);
    expect(check.exitCode, check.stderr).toBe(0);
  });

  describe('on the Postgres 15 server', () => {
    const databaseName = `prisma_engine_test_${randomUUID().replaceAll('-', '')}`;
    const databaseUrl = `${POSTGRES_SERVER_URL}/${databaseName}`;

    afterAll(async () => {
      const client = new pg.Client({ connectionString: `${POSTGRES_SERVER_URL}/postgres` });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await client.end();
    });

    it('migrate deploy creates the database and applies the migration; status reports it up to date', async () => {
      const deploy = await runTool('prisma.mjs', ['migrate', 'deploy', '--config', project.configPath], {
        DATABASE_URL: databaseUrl,
      });
      expect(deploy.exitCode, deploy.stderr).toBe(0);
      expect(deploy.stdout).toContain('All migrations have been successfully applied.');

      const status = await runTool('prisma.mjs', ['migrate', 'status', '--config', project.configPath], {
        DATABASE_URL: databaseUrl,
      });
      expect(status.exitCode, status.stderr).toBe(0);
      expect(status.stdout).toContain('Database schema is up to date!');
    });
  });

  it('prisma generate writes the client', async () => {
    const result = await runTool('prisma.mjs', ['generate', '--config', project.configPath]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(await readdir(path.join(project.directory, 'generated'))).toContain('client.ts');
  });
});
