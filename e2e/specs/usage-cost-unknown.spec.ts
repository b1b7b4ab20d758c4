import { expect, test } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { RestClient } from '../support/rest-client';
import { runTimeout } from '../support/runs';
import { signIn } from '../support/sign-in';

/**
 * A run whose model has no prices has an unknown cost (its calls were stored at $0). The run page and
 * the runs list say so; the usage page and the compare page must too, never "$0".
 */

/** An agent on the offline demo script (no prices) that answers in one model call. */
async function unpricedAgent(rest: RestClient, prefix: string): Promise<string> {
  const slug = `${prefix}-${Date.now().toString(36)}`;
  const agent = await rest.call<{ id: string }>('POST', '/api/v1/agents', {
    slug,
    name: `Unpriced ${slug}`,
    config: { instructions: 'Answer briefly.', demoScript: { replies: [{ text: 'Done.' }] } },
  });
  return agent.id;
}

async function finishedRun(rest: RestClient, agentId: string, input: string): Promise<string> {
  const run = await rest.startRun(agentId, input);
  await expect
    .poll(async () => (await rest.call<{ status: string }>('GET', `/api/v1/runs/${run.id}`)).status, { timeout: runTimeout })
    .toMatch(/^(succeeded|failed|cancelled)$/);
  return run.id;
}

test('the usage page does not report $0 for a run whose cost the run page calls unknown', async ({ page }, testInfo) => {
  await signIn(page);
  const rest = await RestClient.forTest(testInfo);
  const agentId = await unpricedAgent(rest, 'usage-cost');
  const runId = await finishedRun(rest, agentId, 'what does this cost?');

  await page.goto(`/runs/${runId}`);
  await expect(page.locator('[data-cost="unknown"]')).toHaveText('Unknown');
  await page.goto(`/runs?agent=${agentId}`);
  await expect(page.locator(`[data-run-id="${runId}"] > span`).last()).toHaveText('unknown');

  await page.goto(`/settings/usage?agent=${agentId}`);
  const row = page.getByRole('region', { name: 'Usage per agent' }).locator('li').first();
  await expect(row).toContainText('1');
  const cost = row.locator('span').last();
  await expect(cost).toHaveText('unknown');
  await expect(cost).toHaveAttribute('data-cost', 'unknown');
  await attachScreenshot(page, testInfo, 'usage-cost-unknown');
});

test('the compare page shows unknown costs and an unknown cost difference, never $0 and ±0', async ({ page }, testInfo) => {
  await signIn(page);
  const rest = await RestClient.forTest(testInfo);
  const agentId = await unpricedAgent(rest, 'compare-cost');
  const left = await finishedRun(rest, agentId, 'first');
  const right = await finishedRun(rest, agentId, 'second');

  await page.goto(`/runs/compare?left=${left}&right=${right}`);
  for (const side of ['Left run', 'Right run']) {
    const facts = page.getByRole('region', { name: side });
    await expect(facts).toContainText('tokens');
    await expect(facts).not.toContainText('· $0 ·');
    await expect(facts.locator('[data-cost="unknown"]')).toHaveText('unknown');
  }
  const costDelta = page.getByTestId('comparison-difference').locator('div', { has: page.locator('dt', { hasText: /^Cost$/ }) });
  await expect(costDelta.locator('dd')).toHaveText('unknown');
  await attachScreenshot(page, testInfo, 'compare-cost-unknown');
});
