import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * A context a test closes is wiped and kept, and the next newContext of the same browser, base URL and
 * size gets it back with its first tab ready: the tab's renderer process (its V8 isolate, with the app's
 * scripts already compiled) is the one thing carried over. Why: an incognito context has no code cache
 * (Chromium keeps one only for a profile on disk), so a new tab parses and compiles every script of the
 * app again; on this project's 2-core machine a page load in a new context took about 5.5 CPU-s, one in
 * a tab that had loaded the app before about 1.7 (2026-11-30), and Chromium is most of the end-to-end
 * run's CPU.
 *
 * What a test could leave behind is wiped before the next one gets the context: cookies (the API's
 * session and device cookies included), every kind of storage of every origin, the HTTP cache, the
 * tab's history, routes, permissions, offline mode, the media emulation, the viewport, the mouse's
 * place, the listeners the test added, every other tab; the tab is left on about:blank. A test that
 * adds what cannot be taken back (an init script, an exposed function, a DevTools session, a clock)
 * gets a context that is closed for real.
 */
interface Kept {
  context: BrowserContext;
  page: Page;
}

const idle = new WeakMap<Browser, Map<string, Kept[]>>();

/** Marks what the test does to `target` that a wipe cannot undo, so that its close is a real one. */
function spoilOn(target: object, methods: string[], spoil: () => void): void {
  for (const name of methods) {
    const original = (target as Record<string, unknown>)[name] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof original !== 'function') continue;
    (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
      spoil();
      return original.apply(target, args);
    };
  }
}

const UNDOABLE_CONTEXT = ['addInitScript', 'exposeBinding', 'exposeFunction', 'newCDPSession', 'setGeolocation', 'setHTTPCredentials'];
const CLOCK = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'];
const UNDOABLE_PAGE = ['addInitScript', 'exposeBinding', 'exposeFunction', 'addLocatorHandler', 'setDefaultTimeout', 'setDefaultNavigationTimeout'];

/** Listeners of `emitter` now, per event, so that the ones added later can be taken off. */
function listenersOf(emitter: Page | BrowserContext): Map<string | symbol, unknown[]> {
  const of = emitter as unknown as { eventNames(): Array<string | symbol>; listeners(name: string | symbol): unknown[] };
  return new Map(of.eventNames().map((name) => [name, [...of.listeners(name)]]));
}

function removeAddedListeners(emitter: Page | BrowserContext, before: Map<string | symbol, unknown[]>): void {
  const of = emitter as unknown as { eventNames(): Array<string | symbol>; listeners(name: string | symbol): Array<(...args: unknown[]) => void>; off(name: string | symbol, listener: (...args: unknown[]) => void): void };
  for (const name of of.eventNames()) {
    const kept = before.get(name) ?? [];
    for (const listener of of.listeners(name)) if (!kept.includes(listener)) of.off(name, listener);
  }
}

/**
 * A context for a test: a kept one of this browser and `key` when there is one, otherwise `create()`'s.
 * Its `close()` wipes and keeps it (see above) unless the test did what a wipe cannot undo.
 */
export async function recycledContext(browser: Browser, baseURL: string, viewport: { width: number; height: number }, create: () => Promise<BrowserContext>): Promise<BrowserContext> {
  const key = `${baseURL} ${viewport.width}x${viewport.height}`;
  const pool = idle.get(browser) ?? new Map<string, Kept[]>();
  idle.set(browser, pool);
  let kept: Kept | undefined;
  // (a test that closed its context twice closed it for real the second time)
  while ((kept = pool.get(key)?.pop()) && kept.page.isClosed());
  const context = kept?.context ?? (await create());
  const page = kept?.page;
  const contextListeners = listenersOf(context);
  // each tab's listeners before the test has it (the kept one's now; a new one's when it opens, once
  // newContext's own watchers are on), so that the wipe takes off only what the test added
  const tabListeners = new Map<Page, Map<string | symbol, unknown[]>>(page ? [[page, listenersOf(page)]] : []);

  // restored below for the next test: the first newPage() hands out the kept tab
  const { close: realClose, newPage: realNewPage } = context;
  let spoiled = false;
  const spoil = () => (spoiled = true);
  const ownProperties = [...UNDOABLE_CONTEXT, 'close', 'newPage'];
  spoilOn(context, UNDOABLE_CONTEXT, spoil);
  let handedOut = false;
  context.newPage = async () => {
    if (page && !handedOut && !page.isClosed()) {
      handedOut = true;
      return page;
    }
    return realNewPage.call(context);
  };
  spoilOn(context.clock, CLOCK, spoil);
  // the origins whose storage the wipe clears: the app's, and any other a page of the test showed
  const origins = new Set([new URL(baseURL).origin]);
  const watch = (tab: Page) => {
    spoilOn(tab, UNDOABLE_PAGE, spoil);
    tab.on('framenavigated', (frame) => {
      if (/^https?:/.test(frame.url())) origins.add(new URL(frame.url()).origin);
    });
  };
  context.on('page', (opened) => {
    tabListeners.set(opened, listenersOf(opened));
    watch(opened);
  });
  if (page) watch(page);

  context.close = async (options?: Parameters<BrowserContext['close']>[0]) => {
    for (const name of ownProperties) delete (context as unknown as Record<string, unknown>)[name];
    for (const name of CLOCK) delete (context.clock as unknown as Record<string, unknown>)[name];
    for (const tab of tabListeners.keys()) for (const name of UNDOABLE_PAGE) delete (tab as unknown as Record<string, unknown>)[name];
    // a new context's first newPage() opens a tab; the next test gets that tab (a tab opened later carries its
    // test's listeners from its first moment and is closed)
    const tab = page ?? context.pages()[0];
    const before = tab && tabListeners.get(tab);
    const wiped = !spoiled && tab !== undefined && before !== undefined && !tab.isClosed() && (await wipe(context, tab, viewport, origins, contextListeners, before).then(() => true, () => false));
    if (!wiped) return realClose.call(context, options);
    pool.set(key, [...(pool.get(key) ?? []), { context, page: tab }]);
  };
  return context;
}

async function wipe(
  context: BrowserContext,
  tab: Page,
  viewport: { width: number; height: number },
  origins: Set<string>,
  contextListeners: Map<string | symbol, unknown[]>,
  pageListeners: Map<string | symbol, unknown[]>,
): Promise<void> {
  for (const other of context.pages()) if (other !== tab) await other.close();
  removeAddedListeners(context, contextListeners);
  removeAddedListeners(tab, pageListeners);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await tab.unrouteAll({ behavior: 'ignoreErrors' });
  await tab.goto('about:blank');
  const cdp = await context.newCDPSession(tab);
  try {
    await cdp.send('Page.resetNavigationHistory');
    await cdp.send('Network.clearBrowserCache');
    for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
  await context.clearCookies();
  await context.clearPermissions();
  await context.setOffline(false);
  await context.setExtraHTTPHeaders({});
  await tab.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null, contrast: null });
  await tab.setViewportSize(viewport);
  await tab.mouse.move(0, 0);
}
