import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { signIn } from '../support/sign-in';

test('an admin adds a webhook endpoint (secret shown once), sees a metadata target refused, and deletes it; the page runs under the CSP', async ({
  page,
}, testInfo) => {
  const policyViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Content-Security-Policy/i.test(message.text())) policyViolations.push(message.text());
  });
  await signIn(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: /Webhooks/ }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

  const form = page.getByRole('region', { name: 'Add a webhook endpoint' });
  await form.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data/');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByRole('alert')).toContainText('cloud metadata service');

  await form.getByLabel('URL').fill('http://127.0.0.1:9/hooks/agentloom');
  await form.getByLabel('Description').fill('Deploy bot');
  await form.getByLabel('approval.requested').check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = form.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_/);
  const endpoint = page.getByRole('article', { name: 'Webhook http://127.0.0.1:9/hooks/agentloom' });
  await expect(endpoint).toContainText('Deploy bot');
  await expect(endpoint).toContainText('approval.requested');
  await endpoint.getByRole('button', { name: 'Deliveries' }).click();
  await expect(endpoint).toContainText('No deliveries yet');
  await attachScreenshot(page, testInfo, 'webhooks-settings');

  // The secret is only in the creation answer: after a reload the list never shows it.
  const shownSecret = (await secret.textContent()) ?? '';
  await page.reload();
  await expect(page.getByRole('article', { name: 'Webhook http://127.0.0.1:9/hooks/agentloom' })).toBeVisible();
  expect(await page.content()).not.toContain(shownSecret);

  const reloaded = page.getByRole('article', { name: 'Webhook http://127.0.0.1:9/hooks/agentloom' });
  await reloaded.getByRole('button', { name: 'Delete' }).click();
  await reloaded.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(page.getByRole('article', { name: 'Webhook http://127.0.0.1:9/hooks/agentloom' })).toHaveCount(0);
  expect(policyViolations).toEqual([]);
});
