/**
 * `npm run screenshots`: every console page on a fresh embedded database with demo data, captured
 * in Chromium into docs/screenshots/ for the README's gallery. Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, type Browser } from '@playwright/test';

import { chromiumArguments, chromiumExecutablePath } from '../support/chromium';

import { ensureConsoleBuild } from '../../apps/console/test/support/console-build';
import { repositoryRoot, startConsole } from '../../apps/console/test/support/console-process';
import { createGalleryData, restClient, type GalleryData } from './gallery-data';

interface Shot {
  file: string;
  path: (data: GalleryData) => string;
  /** A selector that shows the page has its data. */
  ready: string;
  dark?: boolean;
}

const shots: Shot[] = [
  { file: 'runs', path: () => '/runs', ready: 'a[href^="/runs/"]' },
  { file: 'run-new', path: () => '/runs/new', ready: 'form' },
  { file: 'run-timeline', path: (data) => `/runs/${data.longRunId}`, ready: '[data-step-index]' },
  { file: 'run-timeline-dark', path: (data) => `/runs/${data.longRunId}`, ready: '[data-step-index]', dark: true },
  { file: 'run-tool-calls', path: (data) => `/runs/${data.finishedRunId}?tab=tool-calls`, ready: 'main' },
  { file: 'run-messages', path: (data) => `/runs/${data.finishedRunId}?tab=messages`, ready: 'main' },
  { file: 'run-checkpoints', path: (data) => `/runs/${data.finishedRunId}?tab=checkpoints`, ready: 'main' },
  { file: 'run-events', path: (data) => `/runs/${data.finishedRunId}?tab=events`, ready: 'main' },
  { file: 'run-waiting-approval', path: (data) => `/runs/${data.waitingRunId}`, ready: 'main' },
  { file: 'approvals', path: () => '/approvals', ready: 'main' },
  { file: 'threads', path: () => '/threads', ready: 'main' },
  { file: 'thread', path: (data) => `/threads/${data.threadId}`, ready: 'main' },
  { file: 'memory', path: (data) => `/memory?level=agent&scope=${data.agentId}&q=deploy&item=${data.memoryItemId}`, ready: 'main' },
  { file: 'agents', path: () => '/agents', ready: 'main' },
  { file: 'agent', path: (data) => `/agents/${data.agentId}`, ready: 'main' },
  { file: 'settings', path: () => '/settings', ready: 'main' },
  { file: 'settings-api-keys', path: () => '/settings/api-keys', ready: 'main' },
  { file: 'settings-audit', path: () => '/settings/audit', ready: 'main' },
  { file: 'settings-usage', path: () => '/settings/usage', ready: 'main' },
  { file: 'settings-webhooks', path: () => '/settings/webhooks', ready: 'main' },
  { file: 'health', path: () => '/settings/health', ready: 'main' },
  { file: 'api-docs', path: () => '/docs/api', ready: 'main' },
];

const outputDirectory = path.join(repositoryRoot, 'docs/screenshots');

async function capture(browser: Browser, baseUrl: string, adminKey: string, data: GalleryData): Promise<void> {
  mkdirSync(outputDirectory, { recursive: true });
  // The session cookie holds an opaque token that only signing in creates.
  const signIn = await fetch(`${baseUrl}/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ apiKey: adminKey }) });
  const sessionToken = /^agentloom_session=([^;]+)/.exec(signIn.headers.getSetCookie()[0] ?? '')?.[1];
  if (signIn.status !== 200 || sessionToken === undefined) throw new Error(`Sign-in for the gallery failed with ${signIn.status}`);
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: shot.dark ? 'dark' : 'light' });
    await context.addCookies([{ name: 'agentloom_session', value: sessionToken, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${shot.path(data)}`);
    await page.waitForSelector(shot.ready, { timeout: 30_000 });
    // Let live queries settle and skeletons give way to data.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: path.join(outputDirectory, `${shot.file}.png`) });
    console.log(`[screenshots] ${shot.file}.png ← ${shot.path(data)}`);
    await context.close();
  }
}

ensureConsoleBuild();
const dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-gallery-'));
const seeding = spawnSync('npx', ['tsx', 'e2e/support/seed-long-runs.ts', '--data-dir', dataDirectory, '--steps', '400'], {
  cwd: repositoryRoot,
  stdio: 'inherit',
});
if (seeding.status !== 0) throw new Error('Seeding the long run failed');
const longRunId = (JSON.parse(readFileSync(path.join(dataDirectory, 'long-runs.json'), 'utf8')) as Record<string, string>)['400']!;
const adminKey = readFileSync(path.join(dataDirectory, 'admin-key'), 'utf8').trim();
const server = await startConsole({ dataDirectory });
const browser = await chromium.launch({
  executablePath: chromiumExecutablePath(),
  args: chromiumArguments,
});
try {
  const data = await createGalleryData(restClient(server.baseUrl, adminKey), longRunId);
  await capture(browser, server.baseUrl, adminKey, data);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
}
