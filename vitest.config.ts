import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/.next/**', '**/dist/**', 'e2e/**'];

/**
 * Integration files that must have the machine to themselves: one restarts the shared PostgreSQL
 * server (every other file's connections would drop), the others run fleets of worker processes
 * that kill -9 each other, which would starve a file running beside them of CPU and connections.
 */
const exclusiveIntegrationFiles = [
  'apps/worker/test/postgres-restart.int.test.ts',
  'apps/worker/test/crash-soak.int.test.ts',
  'apps/worker/test/cancel-chaos.int.test.ts',
  'apps/worker/test/durable-wait-crash.int.test.ts',
];

// The console's `~/` imports, so suites can load its router (the security matrix reads the procedures).
const consoleAlias = { resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL('./apps/console/src/', import.meta.url)) }] } };

const integrationTest = {
  exclude: ignored,
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

// Three projects: `unit` tests touch no network service and no database server; `integration` tests
// (*.int.test.ts) use real databases (embedded PGlite and the Postgres server) and real HTTP. Each
// integration file works in databases of its own (a fresh PGlite, or a fresh database on the
// server) and servers on ports the OS hands out, so files run side by side, two at a time (they
// wait on PostgreSQL, sockets and child processes as much as on CPU); `integration-exclusive` runs
// after them, one file at a time. `npm run test:integration` runs both.
export default defineConfig({
  test: {
    projects: [
      {
        ...consoleAlias,
        test: {
          name: 'unit',
          include: ['{apps,packages,tools,bench,deploy}/**/*.test.ts'],
          exclude: [...ignored, '**/*.int.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        ...consoleAlias,
        test: {
          ...integrationTest,
          name: 'integration',
          include: ['{apps,packages,tools,bench}/**/*.int.test.ts'],
          exclude: [...ignored, ...exclusiveIntegrationFiles],
          maxWorkers: 2,
        },
      },
      {
        ...consoleAlias,
        test: {
          ...integrationTest,
          name: 'integration-exclusive',
          include: exclusiveIntegrationFiles,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
