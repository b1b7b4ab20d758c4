import { expect, test, type Page } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn } from '../support/sign-in';
import { callMutation } from '../support/trpc';

// Three runs, two experiments replayed on the executor, on a loaded machine.
test.describe.configure({ timeout: 240_000 });

const planned = { items: [{ id: 'read', title: 'Read the sources', status: 'in-progress' }, { id: 'answer', title: 'Write the answer', status: 'pending' }] };
const done = { items: [{ id: 'read', title: 'Read the sources', status: 'done' }, { id: 'answer', title: 'Write the answer', status: 'done' }] };

/** Version 1: the demo researcher's path (plan, cite, finish the plan, answer); runs offline on its demo script. */
const recordedConfig = {
  mode: 'plan',
  instructions: 'You are a careful research assistant. Plan, cite your sources, then answer.',
  builtinTools: ['plan_read', 'plan_update', 'record_citation'],
  demoScript: {
    replies: [
      { text: 'Let me plan this.', toolCalls: [{ name: 'plan_update', arguments: planned }] },
      { text: 'Recording the source I used.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/agentloom-demo', title: 'Demo source' } }] },
      { text: 'Updating the plan.', toolCalls: [{ name: 'plan_update', arguments: done }] },
      { text: 'Durable runs survive crashes: every step is committed before the next one starts.' },
    ],
  },
};

/** Version 2: a changed prompt whose script skips the citation and answers otherwise — a regression on every case. */
const changedConfig = {
  ...recordedConfig,
  instructions: 'You are a quick research assistant. Answer without citing.',
  demoScript: {
    replies: [
      { text: 'Let me plan this.', toolCalls: [{ name: 'plan_update', arguments: planned }] },
      { text: 'Updating the plan.', toolCalls: [{ name: 'plan_update', arguments: done }] },
      { text: 'Runs survive crashes.' },
    ],
  },
};

const expectNoLoading = (page: Page) => expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0, { timeout: 30_000 });

test('make a dataset from runs, run an experiment on two versions, open a regression and its compare view', async ({ page }, testInfo) => {
  await signIn(page);
  const slug = `eval-${Date.now().toString(36)}`;
  const agentOption = `Eval researcher (${slug})`;
  const { id: agentId } = await callMutation<{ id: string }>(page, 'agents.create', { slug, name: 'Eval researcher', config: recordedConfig });

  // Three recorded runs of version 1 (the form runs the latest version, so version 2 comes after).
  const runIds: string[] = [];
  for (const input of ['Why do durable runs survive crashes?', 'What does a checkpoint hold?', 'How is a tool call kept idempotent?']) {
    runIds.push(await startRunFromForm(page, agentOption, input));
    await expectRunStatus(page, 'succeeded');
  }
  await callMutation(page, 'agents.saveVersion', { agentId, config: changedConfig });

  // Runs list → tick two runs → Add to dataset (a new one).
  await page.goto(`/runs?agent=${agentId}`);
  // By row: version 7 UUIDs of runs started in the same minute share their first characters.
  for (const runId of runIds.slice(0, 2)) await page.locator(`li[data-run-id="${runId}"]`).getByRole('checkbox', { name: /^Select run .* for a dataset$/ }).check();
  const bar = page.getByRole('region', { name: 'Add runs to a dataset' });
  await expect(bar).toContainText('2 runs selected');
  await bar.getByRole('button', { name: 'Add to dataset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add 2 runs to a dataset' });
  await expect(dialog).toBeVisible();
  const datasetSelect = dialog.getByLabel('Dataset', { exact: true });
  // Other journeys may have made datasets already: then "New dataset…" is a choice of the list. Wait
  // for the list to load first (the dialog shows neither control meanwhile): `isVisible` does not wait.
  await expect(datasetSelect.or(dialog.getByLabel('New dataset name'))).toBeVisible();
  if (await datasetSelect.isVisible()) await datasetSelect.selectOption({ label: 'New dataset…' });
  const datasetName = `${slug}-cases`;
  await dialog.getByLabel('New dataset name').fill(datasetName);
  await dialog.getByLabel('Labels for these cases (optional)').fill('durability');
  await attachScreenshot(page, testInfo, 'add-runs-to-dataset');
  await dialog.getByRole('button', { name: 'Add to dataset' }).click();
  await expect(page).toHaveURL(new RegExp(`/datasets/${datasetName}$`));
  await expect(page.getByTestId('dataset-facts')).toContainText('Version 2 · 2 cases');
  await expect(page.getByRole('region', { name: /^Cases/ }).getByRole('listitem', { name: 'Case 1' })).toContainText('durability');

  // A third run from its own page, then deleted again (no experiment replayed it yet).
  await page.goto(`/runs/${runIds[2]}`);
  await page.getByRole('region', { name: 'Run actions' }).getByRole('button', { name: 'Add to dataset' }).click();
  const single = page.getByRole('dialog', { name: 'Add 1 run to a dataset' });
  await single.getByLabel('Dataset', { exact: true }).selectOption(datasetName);
  await single.getByRole('button', { name: 'Add to dataset' }).click();
  await expect(page).toHaveURL(new RegExp(`/datasets/${datasetName}$`));
  await expect(page.getByTestId('dataset-facts')).toContainText('Version 3 · 3 cases');
  await page.getByRole('button', { name: 'Delete case 3' }).click();
  await page.getByRole('dialog', { name: 'Delete case 3?' }).getByRole('button', { name: 'Delete case' }).click();
  await expect(page.getByTestId('dataset-facts')).toContainText('Version 4 · 2 cases');

  // Edit case 1's labels: a new version.
  await page.getByRole('button', { name: 'Edit case 1' }).click();
  const editor = page.getByRole('form', { name: 'Edit case 1' });
  await editor.getByLabel('Labels').fill('durability, edited');
  await editor.getByRole('button', { name: 'Save case' }).click();
  await expect(page.getByTestId('dataset-facts')).toContainText('Version 5 · 2 cases');
  await expect(page.getByRole('listitem', { name: 'Case 1' })).toContainText('edited');
  await attachScreenshot(page, testInfo, 'dataset-page');

  // Two versions at once, the lower one as the baseline, replies recorded (offline and deterministic).
  const form = page.getByRole('region', { name: 'Start an experiment' });
  await form.getByLabel('Agent', { exact: true }).selectOption({ label: 'Eval researcher' });
  await form.getByRole('checkbox', { name: 'v1' }).check();
  await form.getByRole('checkbox', { name: 'v2' }).check();
  await form.getByLabel('Baseline').selectOption('lowest');
  await expect(form.getByRole('radio', { name: /Recorded until the first divergence/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: /Recorded: what the recorded run was given/ })).toBeChecked();
  await form.getByRole('button', { name: 'Run 2 experiments' }).click();
  await expect(page).toHaveURL(new RegExp(`/datasets/${datasetName}/experiments/[0-9a-f-]{36}$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Experiment: Eval researcher v2');
  await expect(page.getByText(/· memory as recorded ·/)).toBeVisible();

  // Live progress until every case is scored (the tenant activity stream refreshes the page).
  await expect(page.getByTestId('experiment-status')).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
  await expect(page.getByTestId('experiment-aggregates')).toContainText('Regressions2');
  const regression = page.locator('tr[data-regression="true"]').first();
  await expect(regression).toContainText('regression');
  await expect(regression).toContainText('✗ tool-sequence');
  await expect(regression.getByTestId('first-divergent-step')).toContainText(/step \d+/);
  await expectNoLoading(page);
  await attachScreenshot(page, testInfo, 'experiment-with-regressions');

  // Its compare view: the baseline's replay (left) against this replay (right), at the divergent step.
  const divergentStep = /step (\d+)/.exec((await regression.getByTestId('first-divergent-step').textContent()) ?? '')![1]!;
  await regression.getByRole('link', { name: /^Compare case \d+ with the baseline run$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/compare\\?left=[0-9a-f-]{36}&right=[0-9a-f-]{36}&step=${divergentStep}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Compare runs' })).toBeVisible();
  await expect(page.getByTestId('comparison-focus')).toContainText(`Opened at step ${divergentStep}`);
  await expect(page.getByRole('region', { name: 'Steps' }).locator('tr[aria-current="step"]')).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Left run' })).toContainText('v1');
  await expect(page.getByRole('region', { name: 'Right run' })).toContainText('v2');
  await attachScreenshot(page, testInfo, 'regression-compare-view');

  // Back on the dataset: both experiments listed; a replayed case can no longer be deleted.
  await page.goto(`/datasets/${datasetName}`);
  await expect(page.locator('tr[data-experiment-id]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete case 1' }).click();
  const refusal = page.getByRole('dialog', { name: 'Delete case 1?' });
  await refusal.getByRole('button', { name: 'Delete case' }).click();
  await expect(refusal.getByRole('alert')).toContainText('was replayed by 2 experiment result(s)');
});
