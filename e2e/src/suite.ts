import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './app.js';
import { launchBrowser } from './browser.js';

export interface Suite {
  app: RunningApp;
  browser: Browser;
}

/** The app (started as `npm start` starts it) and a Chromium for one spec file: up before its tests, down after. */
export function appAndBrowser(): Suite {
  const suite = {} as Suite;
  before(async () => {
    [suite.app, suite.browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
  });
  return suite;
}
