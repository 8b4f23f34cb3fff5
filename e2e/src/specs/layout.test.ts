import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext } from '../browser.js';
import { openState, SHOPPER_STATES, shopperFixtures, type ShopperFixtures } from '../states.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

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

describe('no shopper page is wider than a 390 px phone screen', () => {
  let context: BrowserContext;
  let fixtures: ShopperFixtures;
  before(async () => {
    context = await newContext(suite.browser, suite.app.url, 390, 844);
    fixtures = await shopperFixtures(context, suite.app.url);
  });
  after(() => context?.close());

  for (const state of SHOPPER_STATES) {
    it(`${state.name}: scrollWidth <= clientWidth`, async () => {
      const page = await context.newPage();
      try {
        await openState(page, state, fixtures);
        const { scrollWidth, clientWidth, outside } = await overflowOf(page);
        assert.ok(scrollWidth <= clientWidth, `${state.name} is ${scrollWidth} px wide on a ${clientWidth} px screen; innermost elements past the edge: ${outside.join('; ')}`);
      } finally {
        await page.close();
      }
    });
  }
});
