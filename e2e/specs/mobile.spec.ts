import { expect, test, type Page } from '@playwright/test';
import { attachScreenshot } from '../support/attach-screenshot';
import { consolePages, openConsolePage } from '../support/console-pages';
import { signIn } from '../support/sign-in';

// An iPhone 12–15 sized screen.
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 600_000 });

/** How far the page is wider than the screen (0 when nothing scrolls sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('on a phone the navigation is a menu: it opens, navigates, closes on Escape', async ({ page }, testInfo) => {
  await signIn(page);
  const navigation = page.getByRole('navigation', { name: 'Main' });
  const menu = page.getByRole('button', { name: 'Menu' });
  // The sidebar no longer sits above every page.
  await expect(navigation).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await attachScreenshot(page, testInfo, 'phone: runs with the menu closed');

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation).toBeVisible();
  await attachScreenshot(page, testInfo, 'phone: menu open');
  await navigation.getByRole('link', { name: 'Agents' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(navigation).toBeHidden();

  await menu.click();
  await expect(navigation).toBeVisible();
  await navigation.getByRole('link', { name: 'Agents' }).focus();
  await page.keyboard.press('Escape');
  await expect(navigation).toBeHidden();
  await expect(menu).toBeFocused();
});

test('on a phone a run opens with every tab reachable and a readable time axis', async ({ page }, testInfo) => {
  await signIn(page);
  const [timeline] = (await consolePages(page)).filter((candidate) => candidate.name === 'run: 10k-step timeline');
  await openConsolePage(page, timeline!);

  // The time axis labels sit side by side, not squeezed into each other ("01m s15s").
  const region = page.getByRole('region', { name: 'Timeline' });
  const start = region.getByText('0 s', { exact: true });
  const end = start.locator('xpath=following-sibling::span[1]');
  await expect(end).toHaveText(/^\d+(\.\d)? s$|^\d+m \d+s$|^\d+h \d+m$/);
  const startBox = (await start.boundingBox())!;
  const endBox = (await end.boundingBox())!;
  expect(startBox.x + startBox.width).toBeLessThanOrEqual(endBox.x);
  expect(startBox.y).toBe(endBox.y);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // Every tab can be reached and opened; the list scrolls instead of cutting tabs off.
  for (const name of ['Tool calls', 'Messages', 'Checkpoints', 'Events', 'Timeline']) {
    const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeInViewport();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  }
  await attachScreenshot(page, testInfo, 'phone: 10k-step run timeline');
});

// Every page of the axe list, dialogs included. What broke it before: a fieldset's min-content width (agent
// configuration, 38 px) and the API reference's one-column grid growing to its table of contents (55 px).
test('no console page scrolls sideways at 390×844', async ({ page }, testInfo) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflows: Record<string, number> = { 'sign-in': await sidewaysOverflow(page) };
  await signIn(page);
  for (const consolePage of await consolePages(page)) {
    await openConsolePage(page, consolePage);
    overflows[consolePage.name] = await sidewaysOverflow(page);
  }
  const report = Object.entries(overflows)
    .map(([name, overflow]) => `${name.padEnd(28)} ${overflow > 0 ? `${overflow}px too wide` : 'fits'}`)
    .join('\n');
  console.log(`sideways overflow at 390×844\n${report}`);
  await testInfo.attach('overflow-390.txt', { body: report, contentType: 'text/plain' });
  expect(
    Object.entries(overflows).filter(([, overflow]) => overflow > 0),
    report,
  ).toEqual([]);
});
