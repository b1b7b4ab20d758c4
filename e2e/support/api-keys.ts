import { expect, type Page } from '@playwright/test';

/**
 * Creates an API key from Settings → API keys as the signed-in admin and returns its plaintext,
 * read from the once-only notice.
 */
export async function createApiKeyFromSettings(page: Page, name: string, role: 'viewer' | 'operator' | 'admin'): Promise<string> {
  await page.goto('/settings/api-keys');
  const form = page.getByRole('region', { name: 'Create an API key' });
  await form.getByLabel('Key name').fill(name);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Create key' }).click();
  const secret = page.getByTestId('new-api-key');
  await expect(secret).toBeVisible();
  return (await secret.innerText()).trim();
}

/** Signs in through the form with the given key; lands on /runs. */
export async function signInWithKey(page: Page, key: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/runs$/);
}
