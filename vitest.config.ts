import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/.next/**', '**/dist/**', 'e2e/**'];

// Two projects: `unit` tests touch no network service and no database server; `integration` tests
// (*.int.test.ts) use real databases (embedded PGlite and the Postgres server) and real HTTP.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages,tools,bench,deploy}/**/*.test.ts'],
          exclude: [...ignored, '**/*.int.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The console's `~/` imports, so suites can load its router (the security matrix reads the procedures).
        resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL('./apps/console/src/', import.meta.url)) }] },
        test: {
          name: 'integration',
          include: ['{apps,packages,tools,bench}/**/*.int.test.ts'],
          exclude: ignored,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
