import { expect, test } from '@playwright/test';
import { countNodes, seriousViolations, type AxeFinding } from '../support/axe';
import { consolePages, openConsolePage } from '../support/console-pages';
import { signIn } from '../support/sign-in';

// Runs take seconds to set up and axe takes a while per page on a loaded machine.
test.describe.configure({ timeout: 600_000 });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every console page has no serious or critical axe violations (${colorScheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme });
    const table: { page: string; count: number; rules: string }[] = [];
    const details: Record<string, AxeFinding[]> = {};

    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const signInFindings = await seriousViolations(page);
    table.push({ page: 'sign-in', count: countNodes(signInFindings), rules: signInFindings.map((finding) => finding.rule).join(', ') });
    details['sign-in'] = signInFindings;

    await signIn(page);
    for (const consolePage of await consolePages(page)) {
      await openConsolePage(page, consolePage);
      const findings = await seriousViolations(page);
      table.push({ page: consolePage.name, count: countNodes(findings), rules: findings.map((finding) => finding.rule).join(', ') });
      details[consolePage.name] = findings;
    }

    const report = [`axe serious+critical violations (${colorScheme})`, ...table.map((row) => `${row.page.padEnd(28)} ${String(row.count).padStart(4)}  ${row.rules}`)].join('\n');
    console.log(report);
    await testInfo.attach(`axe-${colorScheme}.txt`, { body: report, contentType: 'text/plain' });
    await testInfo.attach(`axe-${colorScheme}.json`, { body: JSON.stringify(details, null, 2), contentType: 'application/json' });
    expect(table.filter((row) => row.count > 0), report).toEqual([]);
  });
}
