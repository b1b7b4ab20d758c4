import type { Page, TestInfo } from '@playwright/test';

/** Attaches a full-page screenshot to the HTML report under a name saying which page it shows. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}
