import { expect, type Page } from '@playwright/test';
import { readSeededAdminKey, readSeededOperatorKey } from './admin-key';

/** Signs in with the seeded admin key through the form, as a user would, and lands on /runs. */
export async function signIn(page: Page): Promise<void> {
  const adminKey = await readSeededAdminKey();
  await page.goto('/sign-in');
  await page.getByLabel('API key').fill(adminKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The first page after sign-in renders on the server; at load 30 that takes longer than 5 s.
  await expect(page).toHaveURL(/\/runs$/, { timeout: 30_000 });
}

/** Signs in with the instance operator key through the same form; it lands on the tenants page (ADR 0041). */
export async function signInAsOperator(page: Page): Promise<void> {
  const operatorKey = await readSeededOperatorKey();
  await page.goto('/sign-in');
  await page.getByLabel('API key').fill(operatorKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/operator\/tenants$/, { timeout: 30_000 });
}
