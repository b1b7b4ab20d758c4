import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { signIn } from '../support/sign-in';

test('an operator creates a cron schedule with a preview of its next fire times, sees a bad expression named, pauses, resumes and deletes it', async ({
  page,
}, testInfo) => {
  const name = `Digest ${Date.now()}`;
  await signIn(page);
  await page.goto('/runs');
  await page.getByRole('link', { name: 'Schedules' }).first().click();
  await expect(page.getByRole('heading', { name: 'Schedules', level: 1 })).toBeVisible();

  const form = page.getByRole('region', { name: 'Create a schedule' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Agent', { exact: true }).selectOption({ label: 'Demo researcher' });
  await form.getByLabel('Time zone (IANA)', { exact: true }).fill('Europe/Paris');
  await form.getByRole('textbox', { name: 'Cron expression', exact: true }).fill('0 25 * * *');
  await expect(form.getByText(/Preview: .*timing\.cronExpression/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Cron expression', exact: true }).fill('0 9 * * 1-5');
  const fireTimes = form.getByRole('list', { name: 'Next fire times' }).getByRole('listitem');
  await expect(fireTimes).toHaveCount(5);
  // Weekday mornings at 09:00 on the Paris wall clock.
  await expect(fireTimes.first()).toContainText('09:00');
  await form.getByRole('textbox', { name: /^Input template/ }).fill('Digest for {{slotLocal}}');
  await form.getByLabel('When the previous run is still active').selectOption('queue');
  await form.getByRole('button', { name: 'Create schedule' }).click();

  const card = page.getByRole('article', { name: `Schedule ${name}` });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('cron 0 9 * * 1-5 (Europe/Paris)');
  await expect(card).toContainText('queue · skip');
  await attachScreenshot(page, testInfo, 'schedules');

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card).toContainText('Paused');
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toContainText('Active');

  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete schedule ${name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete schedule' }).click();
  await expect(page.getByRole('article', { name: `Schedule ${name}` })).toHaveCount(0);
});
