import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser), with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export function newContext(browser: Browser, baseURL: string, width = 1280, height = 800): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width, height } });
}

/** The demo accounts the seed creates outside production (README). */
export const DEMO_ADMIN = { username: 'admin', password: 'DentalAdmin!2026' };
export const DEMO_CUSTOMER = { username: 'dr.smith', password: 'DentalDemo!2026' };

/** Signs a context in through the API: its session cookie then rides every page and request of it. */
export async function signIn(context: BrowserContext, account: { username: string; password: string } = DEMO_ADMIN): Promise<void> {
  const response = await context.request.post('/api/login', { data: account });
  assert.equal(response.status(), 200, `signing in as ${account.username}`);
}
