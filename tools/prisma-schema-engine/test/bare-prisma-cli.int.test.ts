import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npx prisma …` typed by hand in a fresh clone, with nothing of ours in the environment: the
// repository's prisma.config.ts must point the CLI at our engine by itself. Any download attempt
// goes to a proxy that refuses, as on a machine with no network.
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverUrl = 'postgresql://postgres@127.0.0.1:5432';

function runBarePrisma(args: string[], databaseUrl: string) {
  const {
    PRISMA_SCHEMA_ENGINE_BINARY: _engine,
    CHECKPOINT_DISABLE: _checkpoint,
    PRISMA_HIDE_UPDATE_MESSAGE: _banner,
    AGENTLOOM_STOCK_PRISMA_ENGINE: _stock,
    ...inherited
  } = process.env;
  const child = spawn('npx', ['prisma', ...args], {
    cwd: repositoryRoot,
    env: { ...inherited, DATABASE_URL: databaseUrl, HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ exitCode: number; output: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ exitCode: code ?? 1, output }));
  });
}

async function administer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('bare `npx prisma` in the repository', () => {
  const name = `agentloom_bare_cli_${randomBytes(5).toString('hex')}`;
  const databaseUrl = `${serverUrl}/${name}`;

  beforeAll(() => administer(`CREATE DATABASE ${name}`));
  afterAll(() => administer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('reports pending migrations, applies them and then reports the schema up to date, with no network', async () => {
    const pending = await runBarePrisma(['migrate', 'status'], databaseUrl);
    expect(pending.output).not.toMatch(/binaries\.prisma\.sh|ENOTFOUND|ECONNREFUSED/);
    expect(pending.output).toMatch(/have not yet been applied/);

    const deployed = await runBarePrisma(['migrate', 'deploy'], databaseUrl);
    expect(deployed.exitCode, deployed.output).toBe(0);

    const status = await runBarePrisma(['migrate', 'status'], databaseUrl);
    expect(status.exitCode, status.output).toBe(0);
    expect(status.output).toMatch(/Database schema is up to date/);
  });
});
