import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { newContext, settled, signIn } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

/** What makes a product card look as it does: MUI's classes and the computed border and shadow. */
async function firstCard(page: Page) {
  const card = page.locator('article.MuiCard-root').first();
  await card.waitFor();
  return card.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      classes: [...element.classList].filter((name) => name.startsWith('Mui')).sort(),
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      shadow: style.boxShadow,
      radius: style.borderTopLeftRadius,
    };
  });
}

/**
 * Emotion cache keys of the page's <style data-emotion> tags: "css" for MUI's default cache, whose
 * <Global> styles are tagged "css-global". A second cache (a second Emotion) adds another key.
 */
function emotionKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set([...document.querySelectorAll('style[data-emotion]')].map((s) => s.getAttribute('data-emotion')!.split(' ')[0].replace(/-global$/, ''))),
  ]);
}

describe('one MUI and one Emotion cache across the shell and its remotes', () => {
  it('runs a single @mui/material and a single Emotion cache on /marketplace', async () => {
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace?type=equipment');
      await page.locator('article.MuiCard-root').first().waitFor();
      const copies = await page.evaluate(() => (window as unknown as { __DM_MUI_COPIES__: () => number }).__DM_MUI_COPIES__());
      assert.equal(copies, 1, 'the shell and the storefront remote share one @mui/material');
      assert.deepEqual(await emotionKeys(page), ['css'], 'one Emotion cache');
    } finally {
      await context.close();
    }
  });

  it('renders a product card inside the shell exactly as the remote renders it standalone (theme defaults apply)', async () => {
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace?type=equipment');
      const inShell = await firstCard(page);
      await page.goto('/remotes/storefront/index.html?type=equipment');
      const standalone = await firstCard(page);
      assert.ok(inShell.classes.includes('MuiPaper-outlined'), `the theme's outlined card inside the shell, got ${inShell.classes.join(' ')}`);
      assert.ok(!inShell.classes.includes('MuiPaper-elevation1'));
      assert.deepEqual(inShell, standalone);
    } finally {
      await context.close();
    }
  });

  it('loads the session on the admin remote standalone page, so an admin sees the dashboard there', async () => {
    const context = await newContext(suite.browser, suite.app.url);
    try {
      await signIn(context);
      const page = await context.newPage();
      await page.goto('/remotes/admin/index.html');
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("gives a component only the admin bundle carries the theme's defaults: Minimal Animations turns its ripple off", async () => {
    const context = await newContext(suite.browser, suite.app.url);
    try {
      await signIn(context);
      const page = await context.newPage();
      await page.goto('/admin?tab=settings');
      // Switch is not in the shared MUI facade: the admin remote bundles it (and its ButtonBase)
      const ripples = page.locator('.MuiSwitch-root .MuiTouchRipple-root');
      // MUI mounts a ripple on the first interaction: focus one switch, then another
      await page.getByLabel('Show Cart Debugger').focus();
      await page.getByLabel('Debug Alerts').focus();
      await page.waitForFunction(() => document.querySelectorAll('.MuiSwitch-root .MuiTouchRipple-root').length > 0);
      assert.ok((await ripples.count()) > 0, 'switches ripple by default');
      await page.getByRole('button', { name: 'Performance Settings' }).click();
      // a switch clicked while its section still slides open can miss (CI once saw the click land and
      // the switch stay off): check it once the section is open and has stopped moving, as a user would
      await page.getByRole('button', { name: 'Performance Settings', expanded: true }).waitFor();
      await settled(page);
      await page.getByLabel('Minimal Animations').check();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByLabel('Show Cart Debugger').focus();
      // MuiButtonBase defaultProps { disableRipple: true } from the shell's theme, through the shared defaults context
      await page.waitForFunction(() => document.querySelectorAll('.MuiSwitch-root .MuiTouchRipple-root').length === 0);
    } finally {
      await context.close();
    }
  });

  it('serves no source maps with the production bundles', async () => {
    const response = await fetch(`${suite.app.url}/remotes/storefront/remoteEntry.js`);
    const code = await response.text();
    assert.ok(!code.includes('sourceMappingURL'), 'no source map reference in remoteEntry.js');
  });
});
