import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The admin key the console seeded into this run's fresh data directory (E2E_DATA_DIR, set by
 * playwright.config.ts). The file appears while the server starts, so wait for it.
 */
export function readSeededAdminKey(): Promise<string> {
  return readKeyFile('admin-key');
}

/** The instance operator key the console created at first start (`<data dir>/operator-key`). */
export function readSeededOperatorKey(): Promise<string> {
  return readKeyFile('operator-key');
}

async function readKeyFile(fileName: string): Promise<string> {
  const dataDirectory = process.env.E2E_DATA_DIR;
  if (!dataDirectory) throw new Error('E2E_DATA_DIR is not set; run the suite with -c e2e/playwright.config.ts.');
  const keyPath = path.join(dataDirectory, fileName);
  let adminKey = '';
  await expect
    .poll(
      async () => {
        adminKey = (await readFile(keyPath, 'utf8').catch(() => '')).trim();
        return adminKey.length;
      },
      { message: `waiting for ${keyPath}`, timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  return adminKey;
}
