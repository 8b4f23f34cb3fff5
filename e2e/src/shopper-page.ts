import type { BrowserContext, Page } from 'playwright-core';
import { type DEMO_ADMIN, newContext, signIn } from './browser.js';
import type { Suite } from './suite.js';

/**
 * Writes the settings the Settings tab saves, as on a shopper's browser: no debug tool over the page
 * (the settings' switches and the flags in effect), and dark, or else no scheme chosen (the device's
 * followed). Done on the origin's JSON health endpoint, which gives the page storage without starting
 * the app.
 */
export async function saveShopperSettings(page: Page, dark = false): Promise<void> {
  await page.goto('/api/health/ready');
  await page.evaluate((darkMode) => {
    const debugging = { showCartDebugger: false, showProductDebugPanel: false, verboseConsoleLogging: false, debugAlerts: false };
    localStorage.setItem('dental-marketplace-settings', JSON.stringify({ debugging, display: { showProductTypes: false, compactProductCards: false, darkMode }, performance: { lazyLoadImages: true, minimalAnimations: false } }));
    for (const flag of Object.keys(debugging)) localStorage.setItem(flag, 'false');
  }, dark);
}

/**
 * A fresh browser context on the suite's app at `width` (a phone's height under 768 px), optionally
 * signed in as `account`, with the settings the Settings tab saves: light or dark, no debug tool over
 * the page (as on a shopper's browser). Runs `fn` with its page and closes the context afterwards.
 */
export async function withShopperPage<T>(
  suite: Suite,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  { account, width = 1366, dark = false }: { account?: typeof DEMO_ADMIN; width?: number; dark?: boolean } = {},
): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, width, width < 768 ? 844 : 900);
  try {
    if (account) await signIn(context, account);
    const page = await context.newPage();
    await saveShopperSettings(page, dark);
    return await fn(page, context);
  } finally {
    await context.close();
  }
}
