import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Stryker's vitest project for safety-critical modules guarded by integration tests (a real
// database in both modes): `npx stryker run stryker.integration.config.json`. Slower than the unit
// run, so kept apart from stryker.config.json.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: [
      'packages/db/src/connection/transaction-statements.int.test.ts',
      'packages/platform/src/execution/engine/commit-fence-window.int.test.ts',
      'packages/platform/src/execution/engine/step-fence-by-commit.int.test.ts',
      'packages/platform/src/execution/cancel-wins.int.test.ts',
      'packages/platform/src/auth/*.int.test.ts',
      'packages/platform/src/tenants/tenant-service.int.test.ts',
      'packages/platform/src/erase/*.int.test.ts',
      'packages/platform/src/operator/*.int.test.ts',
      'packages/platform/src/approvals/*.int.test.ts',
      'packages/platform/src/retention/*.int.test.ts',
      'packages/platform/src/runs/run-service.int.test.ts',
    ],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
