import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One test project for Stryker's vitest runner (it wants a single project): the unit tests that
// guard the safety-critical modules listed in stryker.config.json.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  // The console's `~/` imports (as in vitest.config.ts), for its SSE body's tests.
  resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL('../apps/console/src/', import.meta.url)) }] },
  test: {
    include: [
      'packages/runtime/src/outbound/*.test.ts',
      'packages/runtime/src/util/abort.test.ts',
      'packages/runtime/src/engine/cancel-safety.test.ts',
      'packages/runtime/src/tools/bound-tool-output.test.ts',
      'packages/runtime/src/engine/tool-output-cap.test.ts',
      'packages/runtime/src/engine/approval-resume.test.ts',
      'packages/runtime/src/engine/approval-gate.test.ts',
      'packages/runtime/src/engine/delegation-guards.test.ts',
      'packages/runtime/src/engine/delegation.test.ts',
      'packages/runtime/src/engine/delegation-forwarding.test.ts',
      'packages/runtime/src/engine/budget.test.ts',
      'packages/runtime/src/budgets/in-memory-budget-guard.test.ts',
      'packages/runtime/src/engine/recorded-replies-budget.test.ts',
      'packages/platform/src/validation/*.test.ts',
      'packages/platform/src/execution/engine/step-usage.test.ts',
      'packages/platform/src/execution/engine/end-rides-the-commit.test.ts',
      'packages/platform/src/execution/engine/step-commit-route.test.ts',
      'packages/platform/src/execution/engine/superseded-checkpoints.test.ts',
      'apps/console/src/server/http/event-stream.test.ts',
      'apps/console/src/server/http/event-stream-body.test.ts',
      'packages/platform/src/events/run-event-fanout.test.ts',
      'packages/platform/src/events/run-event-hub.test.ts',
      'packages/platform/src/events/run-event-subscription.test.ts',
      'packages/platform/src/events/stream-run-events.test.ts',
      'packages/platform/src/auth/api-key-secret.test.ts',
      'packages/platform/src/auth/roles.test.ts',
      'apps/console/src/server/http/same-origin.test.ts',
      'apps/console/src/server/http/client-address.test.ts',
      'packages/platform/src/metrics/metrics-access.test.ts',
      'apps/console/src/server/http/token-bucket-limiter.test.ts',
      'apps/console/src/server/http/stream-slots.test.ts',
      'apps/console/src/server/http/read-json-body.test.ts',
      'packages/platform/src/secrets/secret-box.test.ts',
      'packages/platform/src/webhooks/webhook-signature.test.ts',
      'packages/platform/src/erase/redact-checkpoints.test.ts',
      'packages/platform/src/erase/redaction-keeps-approved-arguments.test.ts',
    ],
    testTimeout: 30_000,
  },
});
