import { expect, test } from '@playwright/test';
import { createApiKeyFromSettings, signInWithKey } from '../support/api-keys';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';
import { callMutation } from '../support/trpc';

test.describe.configure({ timeout: 180_000 });

test('an operator records feedback on a run and on a step, sees it listed, and the agent’s per-version aggregate changes; a viewer only reads it', async ({ page, browser }, testInfo) => {
  await signIn(page);
  // An agent of its own, so the aggregate counts only this journey's feedback.
  const slug = `feedback-${Date.now().toString(36)}`;
  const { id: agentId } = await callMutation<{ id: string }>(page, 'agents.create', { slug, name: 'Feedback agent', config: { instructions: 'Answer.', demoScript: { replies: [{ text: 'Order A1 refunded.' }] } } });
  const runId = await startRunFromForm(page, `Feedback agent (${slug})`, 'Refund order A1');
  await expectRunStatus(page, 'succeeded');

  await page.goto(`/agents/${agentId}?tab=feedback`);
  await expect(page.getByRole('region', { name: 'Feedback per version' })).toContainText('No feedback on this agent’s runs yet.');

  await page.goto(`/runs/${runId}`);
  const section = page.getByRole('region', { name: 'Feedback', exact: true });
  await expect(section).toContainText('No feedback on this run yet.');
  const form = section.getByRole('form', { name: 'Record feedback on this run' });
  // Nothing given: the error is shown under the label field, which is marked invalid.
  await form.getByRole('button', { name: 'Record feedback' }).click();
  await expect(form.getByLabel('Outcome label')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Give an outcome label, a reward, or both.');
  await form.getByLabel('Reward').fill('lots');
  await form.getByRole('button', { name: 'Record feedback' }).click();
  await expect(form.getByLabel('Reward')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('The reward must be a number');

  // By keyboard: type, tab through, submit with Enter.
  await form.getByLabel('Outcome label').fill('resolved');
  await form.getByLabel('Reward').fill('1');
  await form.getByLabel(/^Comment/).fill('Right answer, first try.');
  await form.getByLabel('Reward').press('Enter');
  await expect(form.getByRole('status')).toHaveText('Feedback recorded.');
  const entries = section.getByRole('list', { name: 'Feedback entries' });
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries).toContainText('resolved');
  await expect(entries).toContainText('Right answer, first try.');
  await expect(entries).toContainText('operator');
  await expect(entries).toContainText('whole run');
  await attachScreenshot(page, testInfo, 'run feedback');

  // A step: from the timeline row's step panel.
  const firstStep = Number(await page.getByRole('region', { name: 'Timeline' }).locator('[role="option"][data-step-index]').first().getAttribute('data-step-index'));
  await page.goto(`/runs/${runId}?tab=timeline&step=${firstStep}`);
  const panel = page.getByRole('complementary', { name: `Step ${firstStep}` });
  await panel.getByText(`Record feedback on step ${firstStep}`).click();
  const stepForm = panel.getByRole('form', { name: `Record feedback on step ${firstStep}` });
  await stepForm.getByLabel('Outcome label').fill('good-step');
  await stepForm.getByLabel('Reward').fill('0.5');
  await stepForm.getByRole('button', { name: 'Record feedback' }).click();
  await expect(panel.getByRole('list', { name: `Feedback on step ${firstStep}` })).toContainText('good-step');
  await expect(section.getByRole('list', { name: 'Feedback entries' }).getByRole('listitem')).toHaveCount(2);
  await expect(section).toContainText(`step ${firstStep}`);
  await attachScreenshot(page, testInfo, 'step feedback');

  // The agent's aggregate for version 1: two entries, mean reward 0.75, each label once.
  await page.goto(`/agents/${agentId}?tab=feedback`);
  const version = page.getByRole('region', { name: 'Feedback per version' }).locator('tr[data-version="1"]');
  await expect(version).toContainText('v1');
  await expect(version.locator('td').nth(0)).toHaveText('2');
  await expect(version.locator('td').nth(1)).toContainText('0.75');
  await expect(version.getByRole('list', { name: 'Labels of version 1' })).toContainText('resolved × 1');
  await expect(version.getByRole('list', { name: 'Labels of version 1' })).toContainText('good-step × 1');
  await attachScreenshot(page, testInfo, 'agent feedback aggregate');

  // A viewer sees the feedback and is offered no form (the tRPC procedure would refuse it).
  const viewerKey = await createApiKeyFromSettings(page, 'Feedback reader', 'viewer');
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  try {
    await signInWithKey(viewerPage, viewerKey);
    await viewerPage.goto(`/runs/${runId}?tab=timeline&step=${firstStep}`);
    const viewerSection = viewerPage.getByRole('region', { name: 'Feedback', exact: true });
    await expect(viewerSection.getByRole('list', { name: 'Feedback entries' }).getByRole('listitem')).toHaveCount(2);
    await expect(viewerSection).toContainText('An operator or admin can record feedback on this run.');
    await expect(viewerPage.getByRole('complementary', { name: `Step ${firstStep}` })).toContainText('Feedback on this step (1)');
    await expect(viewerPage.getByRole('button', { name: 'Record feedback' })).toHaveCount(0);
    await expect(viewerPage.getByText(/^Record feedback on step/)).toHaveCount(0);
  } finally {
    await viewerContext.close();
  }
});
