import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { countNodes, seriousViolations } from '../support/axe';
import { consolePageNames, consolePages, openConsolePage } from '../support/console-pages';
import { expectRunStatus, startRunFromForm } from '../support/runs';
import { signIn, signInAsOperator } from '../support/sign-in';
import { callMutation } from '../support/trpc';

// Runs take seconds to set up and axe takes a while on a big page on a loaded machine.
test.describe.configure({ timeout: 240_000 });

/** The page names, known before the fixtures exist, so each page is its own test. */
const pageNames = ['sign-in', 'operator: tenants', ...consolePageNames];

for (const pageName of pageNames) {
  test(`axe: ${pageName} has no serious or critical violations (nor heading-order ones) in light and dark mode`, async ({ page }, testInfo) => {
    // The API reference holds every operation (about 60 cards): at load average 25–33 its two axe passes
    // ran past 4 min.
    if (pageName === 'API docs') test.slow();
    if (pageName === 'sign-in') {
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } else if (pageName === 'operator: tenants') {
      // The instance operator's page, behind the operator session (the seeded demo tenant is listed).
      await signInAsOperator(page);
      await openConsolePage(page, { name: pageName, path: '/operator/tenants' });
      await expect(page.getByRole('article', { name: 'Tenant demo' })).toBeVisible();
    } else {
      await signIn(page);
      const consolePage = (await consolePages(page)).find((candidate) => candidate.name === pageName)!;
      await openConsolePage(page, consolePage);
    }
    const lines: string[] = [];
    let total = 0;
    // The theme follows prefers-color-scheme, so switching the emulated scheme re-styles the same page.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const findings = await seriousViolations(page);
      total += countNodes(findings);
      const rules = findings
        .map(
          (finding) =>
            `${finding.rule}×${finding.nodes.length} [${finding.nodes.map((node) => `${node.target}: ${node.summary.split('\n').at(-1)?.trim() ?? ''}`).join(' | ')}]`,
        )
        .join(', ');
      lines.push(`axe ${colorScheme.padEnd(5)} ${pageName.padEnd(28)} ${String(countNodes(findings)).padStart(4)}  ${rules}`);
      await testInfo.attach(`axe-${colorScheme}-${pageName}.json`, { body: JSON.stringify(findings, null, 2), contentType: 'application/json' });
    }
    // One line per page and theme in the test output; together they are the per-page table.
    console.log(lines.join('\n'));
    expect(total, lines.join('\n')).toBe(0);
  });
}

test('tab lists follow the WAI-ARIA keyboard pattern: arrows, Home and End move and select; one tab is in the Tab order', async ({ page }) => {
  await signIn(page);
  const [runTimeline] = (await consolePages(page)).filter((candidate) => candidate.name === 'run: timeline');
  await openConsolePage(page, runTimeline!);
  const tabs = page.getByRole('tablist', { name: 'Run views' }).getByRole('tab');
  await expect(tabs).toHaveCount(5);
  const timeline = tabs.filter({ hasText: 'Timeline' });
  await expect(timeline).toHaveAttribute('tabindex', '0');
  await expect(page.getByRole('tablist', { name: 'Run views' }).locator('[role="tab"][tabindex="0"]')).toHaveCount(1);

  await timeline.focus();
  await page.keyboard.press('ArrowRight');
  const toolCalls = tabs.filter({ hasText: 'Tool calls' });
  await expect(toolCalls).toBeFocused();
  await expect(toolCalls).toHaveAttribute('aria-selected', 'true');
  await expect(toolCalls).toHaveAttribute('tabindex', '0');
  await expect(timeline).toHaveAttribute('tabindex', '-1');
  await expect(page).toHaveURL(/tab=tool-calls/);

  await page.keyboard.press('End');
  await expect(tabs.filter({ hasText: 'Events' })).toBeFocused();
  await expect(page).toHaveURL(/tab=events/);
  await page.keyboard.press('ArrowRight');
  await expect(timeline).toBeFocused();
  await expect(timeline).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.filter({ hasText: 'Events' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(timeline).toBeFocused();
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', (await timeline.getAttribute('id'))!);

  // The same component drives the agent page's tabs.
  const [agentPage] = (await consolePages(page)).filter((candidate) => candidate.name === 'agent: configuration');
  await openConsolePage(page, agentPage!);
  const agentTabs = page.getByRole('tablist', { name: 'Agent views' });
  await agentTabs.getByRole('tab', { name: 'Configuration' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(agentTabs.getByRole('tab', { name: 'Versions and diff' })).toBeFocused();
  await expect(page).toHaveURL(/tab=versions/);
});

// The field is found again after filling it: its label is tied by id, so its name stays "Input" whatever is typed
// (a wrapping label took in the textarea's mirrored text and the press waited 4 min for a field named "Input").
test('Ctrl+Enter in the new-run form starts the run', async ({ page }) => {
  await signIn(page);
  await page.goto('/runs/new');
  await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Demo researcher (demo-researcher)' });
  const input = page.getByLabel('Input', { exact: true });
  await input.fill('Started from the keyboard.');
  await input.press('Control+Enter');
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expectRunStatus(page, 'succeeded');
});

test('destructive actions ask in an accessible in-app dialog, never window.confirm', async ({ page }, testInfo) => {
  // A native dialog would fail the journey: nothing may call window.confirm any more.
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page);

  // Cancel a run: Escape backs out, focus starts on the safe choice, confirming cancels.
  await startRunFromForm(page, 'Demo operator (demo-operator)', 'Tell on-call the deploy is starting.');
  await expectRunStatus(page, 'waiting_human');
  const cancelButton = page.getByRole('button', { name: 'Cancel run' });
  await cancelButton.click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel this run?' });
  await expect(cancelDialog).toBeVisible();
  await expect(cancelDialog.getByRole('button', { name: 'Keep running' })).toBeFocused();
  // Focus stays inside the modal dialog.
  await page.keyboard.press('Tab');
  await expect(cancelDialog.getByRole('button', { name: 'Cancel run' })).toBeFocused();
  await attachScreenshot(page, testInfo, 'cancel-run-dialog');
  await page.keyboard.press('Escape');
  await expect(cancelDialog).toBeHidden();
  await expectRunStatus(page, 'waiting_human');
  await cancelButton.click();
  await cancelDialog.getByRole('button', { name: 'Cancel run' }).click();
  await expectRunStatus(page, 'cancelled');

  // Archive an agent of its own.
  const slug = `archive-${Date.now().toString(36)}`;
  const { id: agentId } = await callMutation<{ id: string }>(page, 'agents.create', {
    slug,
    name: 'Archive me',
    config: { instructions: 'Answer.', demoScript: { replies: [{ text: 'Done.' }] } },
  });
  await page.goto(`/agents/${agentId}`);
  await page.getByRole('button', { name: 'Archive' }).click();
  const archiveDialog = page.getByRole('dialog', { name: 'Archive Archive me?' });
  await expect(archiveDialog).toBeVisible();
  await archiveDialog.getByRole('button', { name: 'Archive' }).click();
  await expect(archiveDialog).toBeHidden();
  await expect(page.locator('header').getByText('archived', { exact: true })).toBeVisible();

  // Revoke another key.
  await callMutation(page, 'apiKeys.create', { name: 'Dialog revoke target', role: 'viewer' });
  await page.goto('/settings/api-keys');
  const row = page.getByRole('listitem', { name: 'API key Dialog revoke target' });
  await row.getByRole('button', { name: 'Revoke' }).click();
  const revokeDialog = page.getByRole('dialog', { name: 'Revoke “Dialog revoke target”?' });
  await expect(revokeDialog).toBeVisible();
  await revokeDialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('revoked');

  expect(nativeDialogs).toEqual([]);
});

test('the API key the session signed in with offers no Revoke, and the server still refuses it', async ({ page }) => {
  await signIn(page);
  const me = await page.evaluate(async () => {
    const response = await fetch('/api/trpc/session.me');
    return ((await response.json()) as { result: { data: { json: { apiKeyId: string; apiKeyName: string } } } }).result.data.json;
  });
  await page.goto('/settings/api-keys');
  const ownRow = page.getByRole('listitem', { name: `API key ${me.apiKeyName}` });
  await expect(ownRow).toContainText('this session');
  await expect(ownRow.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await expect(callMutation(page, 'apiKeys.revoke', { apiKeyId: me.apiKeyId })).rejects.toThrow(/cannot revoke itself/);
});
