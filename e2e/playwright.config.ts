import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArguments, chromiumExecutablePath } from './support/chromium';

const e2eDirectory = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(e2eDirectory, '..');
// A port the OS hands out, unless AGENTLOOM_E2E_PORT names one: two suites side by side on one machine
// (two checkouts, or a developer's second `npm test`) must not both reach for the same fixed port. Chosen
// once by the runner and kept in its env, which its workers inherit (as the data directory below).
const port = Number((process.env.AGENTLOOM_E2E_PORT ??= freePortSync()));

const baseURL = `http://127.0.0.1:${port}`;

// A fresh embedded database per test run, so the seeded admin key is written anew. Playwright
// loads this file in the runner and again in each worker; workers inherit the runner's env, so
// `??=` keeps one directory for the whole run.
const dataDirectory = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'agentloom-e2e-')));

export default defineConfig({
  testDir: path.join(e2eDirectory, 'specs'),
  outputDir: path.join(repositoryRoot, 'test-results'),
  timeout: 60_000,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: path.join(e2eDirectory, 'playwright-report') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'on',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromiumExecutablePath(),
          args: chromiumArguments,
        },
      },
    },
  ],
  webServer: {
    // The production build (`npm run test:e2e` builds it first), as users run it. Before it starts,
    // the fresh data directory gets a 10,000-step run for the long-run journey (PGlite has one
    // owner at a time, so seeding cannot happen while the console runs).
    command: `npx tsx e2e/support/seed-long-runs.ts --data-dir "${dataDirectory}" --steps 10000 && npm run start --workspace @agentloom/console`,
    cwd: repositoryRoot,
    // Answers 200 once the embedded database is open, migrated and seeded.
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      AGENTLOOM_DATA_DIR: dataDirectory,
      // The suite asserts embedded mode; a DATABASE_URL from the caller's shell must not leak in.
      DATABASE_URL: '',
      NEXT_TELEMETRY_DISABLED: '1',
      // The webhooks journey adds an endpoint on 127.0.0.1; every other private target stays refused.
      AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1',
      // Every journey signs in with the one seeded admin key, and the suite drives it at machine speed:
      // ≈ 80 journeys back to back spent more than the default 600 requests a minute on a fast machine, and
      // a Retry click was refused with 429 (session 23). The limiter has its own suite
      // (apps/console/test/security-rate-limit.int.test.ts); here it only has to stay out of the way.
      AGENTLOOM_RATE_LIMIT_PER_MINUTE: '6000',
    },
  },
});

/** Config files load synchronously, so a child process asks the OS for a free port and prints it. */
function freePortSync(): string {
  const probe = "const server = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(server.address().port)); server.close(); });";
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
}
