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
