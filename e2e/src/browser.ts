import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { afterEach } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { recycledContext } from './recycled-contexts.js';

/**
 * Every uncaught error and unhandled rejection of any page of any context made by newContext, since
 * the last test ended. No action of a user may leave one (issue 16): the afterEach below fails the
 * test that let one happen, in every spec that imports this module, naming each error and its page.
 */
const pageErrors: string[] = [];
/** What was rejected: Chromium reports a rejected plain object only as 'Object', so the page says it on the console. */
const rejections: string[] = [];
const REJECTION = '[unhandled rejection] ';

function reportRejections(prefix: string): void {
  window.addEventListener('unhandledrejection', (event) => {
    let reason: string;
    try {
      reason = event.reason instanceof Error ? String(event.reason) : JSON.stringify(event.reason);
    } catch {
      reason = String(event.reason);
    }
    console.debug(`${prefix}${reason}`);
  });
}

function watchPageErrors(page: Page): void {
  page.on('pageerror', (error) => {
    const where = (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at ')).slice(0, 3);
    pageErrors.push([`on ${page.url()}: ${error.name ? `${error.name}: ` : ''}${error.message}`, ...where].join('\n      '));
  });
  page.on('console', (message) => {
    if (message.text().startsWith(REJECTION)) rejections.push(`on ${page.url()}: ${message.text().slice(REJECTION.length)}`);
    // a server-rendered page whose first render in the browser differs from the server's (the
    // shell logs React's recoverable errors so): React throws the part away and renders it again,
    // a visible swap; no test may see one (issue 32)
    if (message.type() === 'error' && message.text().startsWith('Hydration error:')) pageErrors.push(`on ${page.url()}: ${message.text().slice(0, 300)}`);
  });
}

/**
 * A page the server rendered is on screen before its scripts have run, and a click on it then does
 * nothing: after a navigation that loads such a page, wait until the app says it answers (the shell
 * sets data-dm-ready on <html> once the route's part has hydrated or rendered), as a shopper would see
 * the page react. What it is waited for is the test's own to check.
 */
function waitForTheApp(page: Page): void {
  for (const name of ['goto', 'reload'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      const html = response?.request().resourceType() === 'document' && (response.headers()['content-type'] ?? '').startsWith('text/html');
      // only a server-rendered page is on screen before it answers (a page the browser renders shows
      // nothing until it does, which a test waits for anyway)
      const serverRendered = html && (await page.evaluate(() => document.getElementById('dm-server-state') !== null).catch(() => false));
      if (serverRendered) await page.waitForSelector('html[data-dm-ready]', { state: 'attached', timeout: 15_000 }).catch(() => undefined);
      return response;
    };
  }
}

afterEach(() => {
  const errors = pageErrors.splice(0);
  const reasons = rejections.splice(0);
  if (errors.length > 0 || reasons.length > 0) {
    assert.fail(`${errors.length} uncaught error(s) in the page during this test:\n  ${errors.join('\n  ')}${reasons.length ? `\n  of which unhandled rejections of:\n  ${reasons.join('\n  ')}` : ''}`);
  }
});

/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`, the same Chromium build without its
 * browser UI layer), as Playwright's own headless runs use; Debian's full Chromium where it is not installed.
 * The full browser's headless mode took about 2.2 times the CPU for the same page loads (8 home pages in new
 * contexts: 15.8 CPU-s against 7.0, 2026-11-30), and the browser is most of the end-to-end run's CPU.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) || '/usr/bin/chromium';

/** Debian's Chromium (never a downloaded browser), with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
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

/**
 * A phone as issue 32 taps with: 390 × 844 and touch. Pages are driven the moment something shows: a
 * navigation does not wait for the app (unlike newContext's), so a tap can land before the app owns
 * the page. phonePage slows a page's CPU down.
 */
export async function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await context.addInitScript(reportRejections, REJECTION);
  context.on('page', watchPageErrors);
  return context;
}

/** A new page of `context` whose CPU runs `cpuSlowdown` times slower (Chromium's DevTools throttling), before its first navigation. */
export async function phonePage(context: BrowserContext, cpuSlowdown = 4): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return page;
}

/**
 * A context of its own for a test, as a new one is: a closed one wiped and kept (its first tab's renderer
 * process, with the app's scripts compiled, carried over) unless E2E_FRESH_CONTEXTS is set (see
 * recycled-contexts.ts).
 */
export async function newContext(browser: Browser, baseURL: string, width = 1280, height = 800): Promise<BrowserContext> {
  const create = async () => {
    const context = await browser.newContext({ baseURL, viewport: { width, height } });
    await context.addInitScript(reportRejections, REJECTION);
    context.on('page', (page) => {
      watchPageErrors(page);
      waitForTheApp(page);
    });
    return context;
  };
  return process.env.E2E_FRESH_CONTEXTS ? create() : recycledContext(browser, baseURL, { width, height }, create);
}

/** The demo accounts the seed creates outside production (README). */
export const DEMO_ADMIN = { username: 'admin', password: 'DentalAdmin!2026' };
export const DEMO_CUSTOMER = { username: 'dr.smith', password: 'DentalDemo!2026' };

/** Signs a context in through the API: its session cookie then rides every page and request of it. */
export async function signIn(context: BrowserContext, account: { username: string; password: string } = DEMO_ADMIN): Promise<void> {
  const response = await context.request.post('/api/login', { data: account });
  assert.equal(response.status(), 200, `signing in as ${account.username}`);
}

/**
 * Resolves once no transition or animation of the page is running, endless ones (a spinner, a
 * skeleton's pulse) aside: what a picture or a contrast check sees is where things stop.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
}
