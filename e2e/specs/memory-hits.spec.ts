import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';
import { callMutation } from '../support/trpc';

test('a run\u2019s messages show the memory hits they carried, linking to the inspector with the injection', async ({ page }, testInfo) => {
  await signIn(page);
  // An agent with automatic memory injection, on the offline demo model.
  const agent = await callMutation<{ id: string }>(page, 'agents.create', {
    slug: 'e2e-memory-recall',
    name: 'Memory recall',
    config: { memoryInjection: { maxMemories: 2, minScore: 0.1 }, demoScript: { replies: [{ text: 'The release freeze starts on Friday.' }] } },
  });

  // A fact at the agent's level, stored through the inspector.
  await page.goto('/memory');
  await page.getByRole('button', { name: 'New memory' }).click();
  const form = page.getByRole('form', { name: 'New memory' });
  await form.getByLabel('Level').selectOption('agent');
  await form.getByLabel(/^Agent/).selectOption(agent.id);
  await form.getByLabel('Content').fill('The release freeze starts on Friday at noon');
  await form.getByRole('button', { name: 'Store memory' }).click();
  await expect(page).toHaveURL(/item=[0-9a-f-]{36}/);
  const memoryId = new URL(page.url()).searchParams.get('item')!;

  const runId = await startRunFromForm(page, 'Memory recall (e2e-memory-recall)', 'When does the release freeze start?');
  await expectRunStatus(page, 'succeeded');
  await page.getByRole('tab', { name: 'Messages' }).click();
  const chip = page.locator(`[data-memory-hit="${memoryId}"]`);
  await expect(chip).toBeVisible();
  await expect(chip).toContainText(memoryId.slice(-8));
  // The chip shows the fused score and, where the search recorded them, its parts (evidence since ADR 0061).
  await expect(chip).toHaveText(/\d\.\d{3}(\(rel \d\.\d{2}( · ev \d\.\d{2})? · sim \d\.\d{2} · lex \d\.\d{2}( · unknown [^)]+)?\))?$/);
  await attachScreenshot(page, testInfo, 'run-messages-memory-hits');

  await chip.click();
  await expect(page).toHaveURL(new RegExp(`/memory\\?item=${memoryId}$`));
  const detail = page.getByRole('region', { name: 'Memory detail' });
  await expect(detail).toContainText('The release freeze starts on Friday at noon');
  const injection = detail.locator(`[data-injection-run="${runId}"]`);
  await expect(injection).toContainText('injected');
  await expect(injection).toContainText(/step \d+/);
  await attachScreenshot(page, testInfo, 'memory-detail-injections');
});
