/**
 * `npm run screenshots --workspace e2e` (after `npm run build`): pictures of the main screens to look
 * at, in e2e/artifacts (git-ignored), at 1366 and 390 px, light and dark. Not a test: what a screen
 * must show is asserted by the specs; this is for the eyes of whoever changes how it looks.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { repoRoot, startApp } from './app.js';
import { DEMO_ADMIN, DEMO_CUSTOMER, launchBrowser, newContext, settled, signIn } from './browser.js';

const dir = path.join(repoRoot, 'e2e', 'artifacts');

async function withPage(browser: Browser, url: string, width: number, dark: boolean, account: typeof DEMO_ADMIN | undefined, shoot: (page: Page) => Promise<void>): Promise<void> {
  const context = await newContext(browser, url, width, width < 768 ? 844 : 900);
  try {
    if (account) await signIn(context, account);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await shoot(page);
  } finally {
    await context.close();
  }
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await settled(page);
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(path.relative(repoRoot, file));
}

async function main(): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  try {
    const { products } = (await (await fetch(`${app.url}/api/products?productType=equipment&limit=1`)).json()) as { products: Array<{ slug: string }> };
    for (const width of [1366, 390]) {
      for (const dark of [false, true]) {
        const tag = `${width}-${dark ? 'dark' : 'light'}`;
        await withPage(browser, app.url, width, dark, undefined, async (page) => {
          await page.goto('/');
          await page.getByRole('heading', { name: 'Featured products' }).waitFor();
          await shot(page, `home-${tag}`);
          await page.goto('/marketplace?type=equipment');
          await page.getByText(/^Showing \d+ of [\d,]+ products$/).waitFor();
          await shot(page, `marketplace-${tag}`);
          await page.goto(`/marketplace?type=equipment&product=${products[0]!.slug}`);
          await page.getByRole('dialog').getByText('+ Installation (if required)').waitFor();
          await shot(page, `product-modal-${tag}`);
          await page.goto('/marketplace?type=service');
          await page.getByRole('button', { name: 'Request Service' }).first().click();
          await page.getByRole('dialog').getByLabel('Practice name').waitFor();
          await page.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
          await page.getByRole('dialog').getByText('Practice name is required').waitFor();
          await shot(page, `service-request-dialog-${tag}`);
        });
        await withPage(browser, app.url, width, dark, DEMO_CUSTOMER, async (page) => {
          await page.goto('/orders');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await shot(page, `orders-${tag}`, true);
        });
        await withPage(browser, app.url, width, dark, DEMO_ADMIN, async (page) => {
          await page.goto('/admin?tab=orders');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await shot(page, `admin-orders-${tag}`);
          await page.getByRole('button', { name: 'Service requests' }).click();
          await shot(page, `admin-service-requests-${tag}`);
        });
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
