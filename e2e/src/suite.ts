import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './app.js';
import { launchBrowser } from './browser.js';

export interface Suite {
  app: RunningApp;
  browser: Browser;
}

/**
 * The app (started as `npm start` starts it, with `env` beside its defaults) and a Chromium for one spec
 * file: up before its tests, down after. `env` may be a step run first that gives it (e.g. starting a
 * mail catcher for SMTP_URL); `cleanup` runs after the app has stopped (stopping what that step started).
 */
export function appAndBrowser(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}, cleanup?: () => Promise<void>): Suite {
  const suite = {} as Suite;
  before(async () => {
    const appEnv = typeof env === 'function' ? await env() : env;
    // both settle before either is kept: a failed start must not leave the other running (a
    // launched Chromium kept alive by a failed app start held the test file open for minutes)
    const [app, browser] = await Promise.allSettled([startApp(appEnv), launchBrowser()]);
    if (app.status === 'fulfilled') suite.app = app.value;
    if (browser.status === 'fulfilled') suite.browser = browser.value;
    if (app.status === 'rejected') throw app.reason;
    if (browser.status === 'rejected') throw browser.reason;
  });
  after(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
    await cleanup?.();
  });
  return suite;
}
