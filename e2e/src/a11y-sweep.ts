import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { repoRoot } from './app.js';
import { AxeTally, axeFindings, describeFindings } from './axe.js';
import { newContext, signIn } from './browser.js';
import { ADMIN_STATES, openState, SHOPPER_STATES, shopperFixtures, type ScreenState, type ShopperFixtures, useColorScheme } from './states.js';
import { appAndBrowser, type Suite } from './suite.js';

/**
 * The page's width against the screen's, and the innermost elements reaching past the screen's right
 * edge (those none of whose children do): where the width comes from.
 */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > root.clientWidth;
    const name = (element: Element) => {
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${[...element.classList].slice(0, 2).map((c) => `.${c}`).join('')}${text ? ` "${text}"` : ''}`;
    };
    const outside = [...document.body.querySelectorAll('*')]
      .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
      .map((element) => ({ element, right: Math.round(element.getBoundingClientRect().right) }))
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(({ element, right }) => `${name(element)} ends at ${right} px`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, outside };
  });
}

/**
 * The sweep of issue 16 at one screen size: every shopper page and the main admin states, each loaded
 * once and checked light, then dark (the device's scheme switched live): no axe violation, and no
 * page wider than the screen (it was a file of its own at 390 px that loaded each page again).
 * One spec file per size (a11y-desktop, a11y-phone), so the two sizes run side by side; each keeps its
 * axe totals in e2e/artifacts.
 */
export function axeSweep(width: number, height: number): { suite: Suite; fixtures: () => ShopperFixtures } {
  const suite = appAndBrowser();
  const tally = new AxeTally();
  let fixtures: ShopperFixtures;

  describe(`axe-core on every shopper page and the main admin states at ${width}×${height}, light then dark (one page load, the device's scheme switched): no axe violation, and no page wider than the screen`, () => {
    const contexts: { shopper?: BrowserContext; admin?: BrowserContext } = {};
    // one tab per context, navigated from state to state as a user would: a new tab each time cost
    // a renderer process and its warm-up per state
    const pages: { shopper?: Page; admin?: Page } = {};
    before(async () => {
      const setup = await newContext(suite.browser, suite.app.url);
      try {
        fixtures = await shopperFixtures(setup, suite.app.url);
      } finally {
        await setup.close();
      }
      [contexts.shopper, contexts.admin] = await Promise.all([newContext(suite.browser, suite.app.url, width, height), newContext(suite.browser, suite.app.url, width, height)]);
      await signIn(contexts.admin);
      [pages.shopper, pages.admin] = await Promise.all([contexts.shopper.newPage(), contexts.admin.newPage()]);
    });
    // the totals of the run, printed and kept in e2e/artifacts for before/after figures
    after(async () => {
      await Promise.all([contexts.shopper?.close(), contexts.admin?.close()]);
      const summary = tally.summary();
      console.log(`${width} px: ${summary}`);
      fs.mkdirSync(path.join(repoRoot, 'e2e', 'artifacts'), { recursive: true });
      fs.writeFileSync(path.join(repoRoot, 'e2e', 'artifacts', `axe-totals-${width}.txt`), `${summary}\n`);
    });

    const check = (state: ScreenState, who: 'shopper' | 'admin') =>
      it(state.name, async () => {
        const page = pages[who]!;
        // the page follows the device's scheme (no choice saved): light as loaded, then dark live
        await page.emulateMedia({ colorScheme: 'light' });
        await openState(page, state, fixtures);
        const problems: string[] = [];
        const { scrollWidth, clientWidth, outside } = await overflowOf(page);
        if (scrollWidth > clientWidth) problems.push(`${state.name} is ${scrollWidth} px wide on a ${clientWidth} px screen; innermost elements past the edge: ${outside.join('; ')}`);
        for (const dark of [false, true]) {
          if (dark) await useColorScheme(page, 'dark');
          const findings = await axeFindings(page);
          tally.add(findings);
          if (findings.length > 0) problems.push(`${state.name} (${width} px, ${dark ? 'dark' : 'light'}): ${describeFindings(findings)}`);
        }
        assert.deepEqual(problems, []);
      });
    for (const state of SHOPPER_STATES) check(state, 'shopper');
    for (const state of ADMIN_STATES) check(state, 'admin');
  });
  return { suite, fixtures: () => fixtures };
}
