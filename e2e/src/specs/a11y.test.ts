import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { repoRoot } from '../app.js';
import { AxeTally, axeFindings, describeFindings } from '../axe.js';
import { newContext, signIn } from '../browser.js';
import { ADMIN_STATES, openState, SHOPPER_STATES, shopperFixtures, useColorScheme, type ScreenState, type ShopperFixtures } from '../states.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();
const tally = new AxeTally();
let fixtures: ShopperFixtures;

const SCREENS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

describe('axe-core on every shopper page and the main admin states (issue 16)', () => {
  before(async () => {
    const context = await newContext(suite.browser, suite.app.url);
    try {
      fixtures = await shopperFixtures(context, suite.app.url);
    } finally {
      await context.close();
    }
  });

  // the totals of the whole run, printed and kept in e2e/artifacts for before/after figures
  after(() => {
    const summary = tally.summary();
    console.log(summary);
    fs.mkdirSync(path.join(repoRoot, 'e2e', 'artifacts'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, 'e2e', 'artifacts', 'axe-totals.txt'), `${summary}\n`);
  });

  for (const { width, height } of SCREENS) {
    describe(`at ${width}×${height}, light then dark (one page load, the device's scheme switched): no axe violation`, () => {
      const contexts: { shopper?: BrowserContext; admin?: BrowserContext } = {};
      before(async () => {
        [contexts.shopper, contexts.admin] = await Promise.all([newContext(suite.browser, suite.app.url, width, height), newContext(suite.browser, suite.app.url, width, height)]);
        await signIn(contexts.admin);
      });
      after(() => Promise.all([contexts.shopper?.close(), contexts.admin?.close()]));

      const check = (state: ScreenState, who: 'shopper' | 'admin') =>
        it(state.name, async () => {
          const page = await contexts[who]!.newPage();
          try {
            // the page follows the device's scheme (no choice saved): light as loaded, then dark live
            await openState(page, state, fixtures);
            const problems: string[] = [];
            for (const dark of [false, true]) {
              if (dark) await useColorScheme(page, 'dark');
              const findings = await axeFindings(page);
              tally.add(findings);
              if (findings.length > 0) problems.push(`${state.name} (${width} px, ${dark ? 'dark' : 'light'}): ${describeFindings(findings)}`);
            }
            assert.deepEqual(problems, []);
          } finally {
            await page.close();
          }
        });
      for (const state of SHOPPER_STATES) check(state, 'shopper');
      for (const state of ADMIN_STATES) check(state, 'admin');
    });
  }
});

describe('text over an image or gradient, whose contrast axe cannot compute', () => {
  it("the home page's hero is white on its teal gradient in light and dark (it was the dark theme's dark text in dark mode)", async () => {
    const context = await newContext(suite.browser, suite.app.url, 390, 844);
    try {
      fixtures ??= await shopperFixtures(context, suite.app.url);
      const home = SHOPPER_STATES.find((state) => state.name === 'home')!;
      const page = await context.newPage();
      try {
        await openState(page, home, fixtures);
        for (const dark of [false, true]) {
          if (dark) await useColorScheme(page, 'dark');
          const hero = page.getByRole('heading', { level: 1, name: 'Everything your dental practice runs on' });
          const colors = await hero.evaluate((heading) => [heading, heading.nextElementSibling!].map((element) => getComputedStyle(element).color));
          assert.deepEqual(colors, ['rgb(255, 255, 255)', 'rgb(255, 255, 255)'], dark ? 'dark' : 'light');
        }
      } finally {
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
});
