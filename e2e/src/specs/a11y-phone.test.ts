import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newContext } from '../browser.js';
import { openState, SHOPPER_STATES, useColorScheme } from '../states.js';
import { axeSweep } from '../a11y-sweep.js';

// the sweep at a phone's size, and a check axe cannot make, on the same app
const { suite, fixtures } = axeSweep(390, 844);

describe('text over an image or gradient, whose contrast axe cannot compute', () => {
  it("the home page's hero is white on its teal gradient in light and dark (it was the dark theme's dark text in dark mode)", async () => {
    const context = await newContext(suite.browser, suite.app.url, 390, 844);
    try {
      const home = SHOPPER_STATES.find((state) => state.name === 'home')!;
      const page = await context.newPage();
      try {
        await openState(page, home, fixtures());
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
