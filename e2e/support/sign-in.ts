import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { readSeededAdminKey, readSeededOperatorKey } from './admin-key';

type Cookies = Parameters<BrowserContext['addCookies']>[0];

/**
 * Signs in with the seeded admin key and lands on /runs. The first test of a run signs in through
 * the form, as a user would; later tests come back with the session cookie that sign-in set, as a
 * returning user does, which saves the sign-in page and the key check per test (about 70 tests).
 * A cookie the console no longer accepts sends the browser to /sign-in, and the form is used again.
 * The form itself is tested in foundation.spec.ts (accepted and refused keys).
 */
export async function signIn(page: Page): Promise<void> {
  await signInWith(page, { session: 'admin', key: readSeededAdminKey, landing: '/runs' });
}

/** Signs in with the instance operator key the same way; it lands on the tenants page (ADR 0041). */
export async function signInAsOperator(page: Page): Promise<void> {
  await signInWith(page, { session: 'operator', key: readSeededOperatorKey, landing: '/operator/tenants' });
}

interface SignInTarget {
  session: string;
  key(): Promise<string>;
  landing: string;
}

async function signInWith(page: Page, target: SignInTarget): Promise<void> {
  const saved = await readFile(sessionFile(target.session), 'utf8').catch(() => null);
  if (saved !== null) {
    await page.context().addCookies(JSON.parse(saved) as Cookies);
    await page.goto(target.landing);
    if (new URL(page.url()).pathname === target.landing) return;
    await page.context().clearCookies();
  }
  await page.goto('/sign-in');
  await page.getByLabel('API key').fill(await target.key());
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The first page after sign-in renders on the server; at load 30 that takes longer than 5 s.
  await expect(page).toHaveURL(new RegExp(`${target.landing}$`), { timeout: 30_000 });
  await writeFile(sessionFile(target.session), JSON.stringify(await page.context().cookies()));
}

// In the run's data directory (playwright.config.ts), so a saved session never outlives its database.
function sessionFile(session: string): string {
  const dataDirectory = process.env.E2E_DATA_DIR;
  if (!dataDirectory) throw new Error('E2E_DATA_DIR is not set; run the suite with -c e2e/playwright.config.ts.');
  return path.join(dataDirectory, `${session}-session-cookies.json`);
}
