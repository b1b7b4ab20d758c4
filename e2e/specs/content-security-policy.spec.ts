import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in';

/**
 * Every page runs under a script policy without 'unsafe-inline': Next's scripts carry the
 * per-request nonce the proxy put in the CSP header. A script the policy blocks would leave the
 * page dead, and the browser reports it as a violation, which fails this test.
 */
test('the console runs with a nonce-based script policy and no CSP violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`));
  });

  const signInResponse = await page.goto('/sign-in');
  const policy = signInResponse?.headers()['content-security-policy'] ?? '';
  const scriptPolicy = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scriptPolicy).toMatch(/'nonce-[^']+'/);
  expect(scriptPolicy).not.toContain('unsafe-inline');

  await signIn(page);
  for (const pathname of ['/runs', '/agents', '/threads', '/memory', '/approvals', '/settings/health', '/settings/api-keys', '/docs/api']) {
    await page.goto(pathname);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // Client-side navigation works too (it needs the hydrated scripts).
  await page.getByRole('link', { name: 'Runs', exact: true }).first().click();
  await expect(page).toHaveURL(/\/runs$/);
  expect(violations).toEqual([]);
});
