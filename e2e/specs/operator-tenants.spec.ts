import { expect, test, type APIRequestContext } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { signIn, signInAsOperator } from '../support/sign-in';

/** What `/api/v1/me` answers a tenant key: 200 while the tenant is active, 403 `tenant-suspended` after. */
async function meStatus(request: APIRequestContext, apiKey: string): Promise<{ status: number; kind: string | undefined }> {
  const response = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${apiKey}` } });
  const body = (await response.json().catch(() => null)) as { error?: { kind?: string } } | null;
  return { status: response.status(), kind: body?.error?.kind };
}

// Erasing a tenant deletes every row it has: on a loaded machine with the embedded database that takes tens of seconds.
test.describe.configure({ timeout: 240_000 });

test('the instance operator signs in with the operator key, creates a tenant, mints its first admin key, suspends and resumes it, edits its settings and erases it', async ({
  page,
  request,
}, testInfo) => {
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAsOperator(page);
  await expect(page.getByRole('heading', { name: 'Tenants', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Tenant demo' })).toBeVisible();

  const slug = `journey-${Date.now().toString(36)}`;
  const form = page.getByRole('region', { name: 'Create a tenant' });
  await form.getByLabel('Slug').fill(slug);
  await form.getByLabel('Name').fill('Journey tenant');
  await form.getByLabel('Retention (days)').fill('30');
  await form.getByRole('button', { name: 'Create tenant' }).click();
  const card = page.getByRole('article', { name: `Tenant ${slug}` });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('30 days');
  await expect(card).toContainText('Live admin keys0');

  // The first admin key: shown once, with a copy button, and it works against the API.
  await card.getByRole('button', { name: 'Mint first admin key' }).click();
  const key = card.getByTestId('new-api-key');
  await expect(key).toHaveText(/^al_[0-9a-f]{12}_/);
  await expect(card.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await expect(card).toContainText('Live admin keys1');
  await expect(card.getByRole('button', { name: 'Mint first admin key' })).toHaveCount(0);
  const adminKey = (await key.textContent()) ?? '';
  expect(await meStatus(request, adminKey)).toEqual({ status: 200, kind: undefined });
  await attachScreenshot(page, testInfo, 'operator-tenant-minted-key');
  await card.getByRole('button', { name: 'I have stored it' }).click();
  await expect(card.getByTestId('new-api-key')).toHaveCount(0);

  // Suspend asks in the app's own dialog; the tenant's key is refused until it is resumed.
  await card.getByRole('button', { name: 'Suspend' }).click();
  const suspendDialog = page.getByRole('dialog', { name: `Suspend ${slug}?` });
  await expect(suspendDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await suspendDialog.getByRole('button', { name: 'Suspend tenant' }).click();
  await expect(suspendDialog).toBeHidden();
  await expect(card).toContainText('Suspended');
  expect(await meStatus(request, adminKey)).toEqual({ status: 403, kind: 'tenant-suspended' });

  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toContainText('Active');
  expect(await meStatus(request, adminKey)).toEqual({ status: 200, kind: undefined });

  // Settings: retention and a rate limit; empty fields mean "forever" / the instance default.
  await card.getByRole('button', { name: 'Edit settings' }).click();
  const settings = card.getByRole('form', { name: `Settings of ${slug}` });
  await settings.getByLabel('Retention (days)').fill('7');
  await settings.getByLabel('Requests per minute per key').fill('600');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toBeHidden();
  await expect(card).toContainText('7 days');
  await expect(card).toContainText('600');

  // Erase: the slug must be typed; a wrong one is refused inside the dialog.
  await card.getByRole('button', { name: 'Erase' }).click();
  const eraseDialog = page.getByRole('dialog', { name: `Erase ${slug}?` });
  await eraseDialog.getByLabel(/Type the slug/).fill('not-the-slug');
  await eraseDialog.getByRole('button', { name: 'Erase tenant' }).click();
  await expect(eraseDialog.getByRole('alert')).toContainText('confirmSlug');
  await eraseDialog.getByLabel(/Type the slug/).fill(slug);
  await eraseDialog.getByRole('button', { name: 'Erase tenant' }).click();
  await expect(page.getByRole('article', { name: `Tenant ${slug}` })).toHaveCount(0, { timeout: 120_000 });
  expect((await meStatus(request, adminKey)).status).toBe(401);
  expect(nativeDialogs).toEqual([]);
});

test("a tenant admin's session is refused on the tenants procedures (403) and the operator's page sends it to sign in", async ({ page }) => {
  await signIn(page);
  const status = await page.evaluate(async () => (await fetch('/api/trpc/tenants.list')).status);
  expect(status).toBe(403);
  await page.goto('/operator/tenants');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Foperator%2Ftenants$/);
});
