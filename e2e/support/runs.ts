import { expect, type Page } from '@playwright/test';

/** Demo runs finish in seconds; this leaves room for a slow machine without hiding a hang. */
export const runTimeout = 30_000;

/**
 * Starts a run from the New run form and waits for the run page; returns the run id.
 * `agent` is the option's visible text, e.g. "Demo researcher (demo-researcher)".
 */
export async function startRunFromForm(page: Page, agent: string, input: string): Promise<string> {
  await page.goto('/runs');
  await page.getByRole('link', { name: 'New run' }).first().click();
  await expect(page).toHaveURL(/\/runs\/new$/);
  await page.getByLabel('Agent', { exact: true }).selectOption({ label: agent });
  await page.getByLabel('Input', { exact: true }).fill(input);
  await page.getByRole('button', { name: 'Start run' }).click();
  // Starting a run is one request, but on a loaded machine it can take longer than expect's 5 s.
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/, { timeout: runTimeout });
  const runId = /\/runs\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  if (!runId) throw new Error(`No run id in ${page.url()}`);
  return runId;
}

/** The run page header's status badge. */
export function runStatus(page: Page) {
  return page.locator('header [data-status]').first();
}

export async function expectRunStatus(page: Page, status: string): Promise<void> {
  await expect(runStatus(page)).toHaveAttribute('data-status', status, { timeout: runTimeout });
}
