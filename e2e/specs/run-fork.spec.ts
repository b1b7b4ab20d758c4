import { expect, test } from '@playwright/test';
import { readSeededAdminKey } from '../support/admin-key';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, runTimeout, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';
import { callMutation } from '../support/trpc';

const runUrl = /\/runs\/([0-9a-f-]{36})$/;

/**
 * Two notifications (steps 1 and 2), then an answer chosen by the task's words. `maxIterations: 2`
 * fails the run at step 3, so step 2's checkpoint is kept (the step before a failure): the fork point.
 */
const forkSourceConfig = {
  instructions: 'Notify twice, then answer.',
  builtinTools: [],
  tools: ['send_notification'],
  approvals: { send_notification: 'never' },
  limits: { maxIterations: 2 },
  demoScript: {
    replies: [
      { text: 'First notification.', toolCalls: [{ name: 'send_notification', arguments: { channel: 'one', message: 'first' } }] },
      { text: 'Second notification.', toolCalls: [{ name: 'send_notification', arguments: { channel: 'two', message: 'second' } }] },
      { text: 'Finished about apples.', whenTaskIncludes: 'apples' },
      { text: 'Finished about pears.', whenTaskIncludes: 'pears' },
    ],
  },
};

test('fork a failed run from the step panel with an edited task; the fork finishes from step 3 and shows its origin', async ({ page, request }, testInfo) => {
  // Two runs to completion and several page loads on a shared, loaded machine.
  test.slow();
  await signIn(page);
  const slug = `fork-source-${Date.now().toString(36)}`;
  await callMutation(page, 'agents.create', { slug, name: 'Fork source', config: forkSourceConfig });
  const source = await startRunFromForm(page, `Fork source (${slug})`, 'Tell me about apples');
  await expectRunStatus(page, 'failed');

  // Step 1's checkpoint was pruned: the panel says so and offers step 2.
  await page.goto(`/runs/${source}?step=1`);
  const firstPanel = page.getByRole('complementary', { name: /^Step 1/ });
  await expect(firstPanel.getByRole('button', { name: 'Fork from here' })).toBeDisabled({ timeout: runTimeout });
  await expect(firstPanel.getByText(/steps with one: 2, 3/)).toBeVisible();

  await page.goto(`/runs/${source}?step=2`);
  const panel = page.getByRole('complementary', { name: /^Step 2/ });
  await expect(panel.getByRole('button', { name: 'Fork from here' })).toBeEnabled({ timeout: runTimeout });
  await panel.getByRole('button', { name: 'Fork from here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fork from step 2' });
  const task = dialog.getByLabel(/Message #1/);
  await expect(task).toHaveValue('Tell me about apples', { timeout: runTimeout });
  await task.fill('Tell me about pears');
  await attachScreenshot(page, testInfo, 'fork-dialog');
  await dialog.getByRole('button', { name: 'Fork', exact: true }).click();

  await expect(page).not.toHaveURL(new RegExp(source), { timeout: runTimeout });
  await expect(page).toHaveURL(runUrl, { timeout: runTimeout });
  const fork = runUrl.exec(page.url())![1]!;
  await expectRunStatus(page, 'succeeded');
  const actions = page.getByRole('region', { name: 'Run actions' });
  await expect(actions.getByText('Forked from run')).toContainText('at step 2', { timeout: runTimeout });
  await expect(actions.getByRole('link', { name: source.slice(0, 8) })).toBeVisible();
  await attachScreenshot(page, testInfo, 'forked-run');

  const authorization = { authorization: `Bearer ${await readSeededAdminKey()}` };
  const forkView = (await (await request.get(`/api/v1/runs/${fork}`, { headers: authorization })).json()) as { output: { text: string }; forkOf: unknown };
  expect(forkView).toMatchObject({ output: { text: 'Finished about pears.' }, forkOf: { runId: source, stepIndex: 2 } });
  const steps = (await (await request.get(`/api/v1/runs/${fork}/steps`, { headers: authorization })).json()) as { steps: { index: number }[] };
  expect(steps.steps.map((step) => step.index).every((index) => index > 2)).toBe(true);

  // The source run lists its fork.
  await actions.getByRole('link', { name: source.slice(0, 8) }).click();
  await expect(page).toHaveURL(new RegExp(source));
  await expect(page.getByLabel('Forks of this run').getByRole('link', { name: fork.slice(0, 8) })).toBeVisible({ timeout: runTimeout });

  // The REST route refuses a step without a checkpoint, naming the field.
  const refused = await request.post(`/api/v1/runs/${source}/fork`, { headers: authorization, data: { stepIndex: 1 } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ error: { field: 'stepIndex' } });
});
