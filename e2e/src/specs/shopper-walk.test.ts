/**
 * What a careful walk of the shopper's screens found (issue 32), each as a shopper meets it: a toast
 * never covers the phone header's controls; 'Clear cart' sits apart from Checkout and can be undone;
 * a new page starts at its top and Back returns where the page was left; the product page and view
 * show delivery time, warranty and a service's details; the guest's order look-up is reachable from
 * the phone menu, the footer and the 404 page; no server-rendered page hydrates with a mismatch; a
 * signed-in shopper's header never shows 'Admin Login'; dark mode follows the device until the
 * shopper switches it in the header's menu.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_CUSTOMER, newContext, signIn } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

interface Listed {
  id: number;
  name: string;
  slug: string;
  in_stock: boolean;
  warranty: string | null;
  delivery_time: string | null;
  service_details: Record<string, unknown> | null;
}

async function products(query: string): Promise<Listed[]> {
  const { products } = (await (await fetch(`${suite.app.url}/api/products?${query}`)).json()) as { products: Listed[] };
  return products;
}

async function withPage<T>(width: number, run: (page: Page, context: BrowserContext) => Promise<T>, options: { signedIn?: boolean; dark?: boolean } = {}): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, width, width < 600 ? 844 : 800);
  try {
    if (options.dark) await context.pages(); // (the scheme is emulated per page below)
    if (options.signedIn) await signIn(context, DEMO_CUSTOMER);
    const page = await context.newPage();
    if (options.dark) await page.emulateMedia({ colorScheme: 'dark' });
    return await run(page, context);
  } finally {
    await context.close();
  }
}

describe("a careful shopper's walk (issue 32)", () => {
  it("on a phone a toast starts under the header: the cart icon answers while 'Added to cart' shows, and the open cart is not covered by it", async () => {
    await withPage(390, async (page) => {
      await page.goto('/marketplace?type=equipment');
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      const toast = page.getByText('Added to cart').first();
      await toast.waitFor();
      const header = (await page.locator('header').first().boundingBox())!;
      // measured where it comes to rest (it slides in from above)
      await toast.evaluate((element) => Promise.all(element.closest('.notistack-SnackbarContainer')!.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      const shown = (await toast.boundingBox())!;
      assert.ok(shown.y >= header.y + header.height - 1, `the toast (top ${shown.y}) starts under the header (bottom ${header.y + header.height})`);
      await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).click();
      await page.getByRole('dialog', { name: 'Your cart' }).waitFor();
      // the cart is the whole screen: the toast has said its piece and no longer covers its first line
      await toast.waitFor({ state: 'hidden' });
    });
  });

  it("'Clear cart' sits at the top of the cart, away from Checkout, and its toast's Undo puts the lines back", async () => {
    await withPage(390, async (page) => {
      await page.goto('/marketplace?type=equipment');
      const adds = page.getByRole('button', { name: 'Add to cart', disabled: false });
      await adds.nth(0).click();
      await adds.nth(1).click();
      await page.getByRole('button', { name: 'Cart, 2 items', exact: true }).click();
      const cart = page.getByRole('dialog', { name: 'Your cart' });
      const clear = cart.getByRole('button', { name: 'Clear cart' });
      const checkout = cart.getByRole('link', { name: 'Checkout' });
      const [c, k] = [(await clear.boundingBox())!, (await checkout.boundingBox())!];
      assert.ok(k.y - (c.y + c.height) > 200, `Clear cart (bottom ${c.y + c.height}) is far from Checkout (top ${k.y})`);
      await clear.click();
      await cart.getByText('Your cart is empty').waitFor();
      // the toast says so and offers Undo (on top of the drawer); the drawer offers it too
      await page.getByText('Cart cleared').waitFor();
      await page.locator('[aria-label="Notifications (F8)"]').getByRole('button', { name: 'Undo', includeHidden: true }).waitFor();
      await cart.getByRole('button', { name: 'Undo clear cart' }).click();
      await cart.getByRole('listitem').nth(1).waitFor();
      assert.equal(await cart.getByRole('listitem').count(), 2);
      await page.getByRole('button', { name: 'Cart, 2 items', exact: true, includeHidden: true }).waitFor({ state: 'attached' });
    });
  });

  it('a new page starts at its top; Back returns where the page was left', async () => {
    await withPage(390, async (page) => {
      await page.goto('/marketplace?type=equipment');
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await page.mouse.wheel(0, 2500);
      await page.waitForFunction(() => window.scrollY > 2000);
      const left = await page.evaluate(() => window.scrollY);
      // the logo: Home from its top
      await page.getByRole('link', { name: 'DentalMarket' }).first().click();
      await page.getByRole('region', { name: 'Featured products' }).waitFor();
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      // Back: the marketplace where it was left
      await page.goBack();
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, left, { timeout: 5000 });
      // to checkout and Back again
      await page.getByRole('button', { name: /^Cart, / }).click();
      await page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click();
      await page.getByRole('heading', { name: 'Checkout' }).first().waitFor();
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      await page.goBack();
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, left, { timeout: 5000 });
    });
  });

  it("shows delivery time, warranty and a service's details on the product's page and view; the page adds a second unit", async () => {
    const equipment = (await products('productType=equipment&limit=100')).find((p) => p.in_stock && p.warranty && p.delivery_time)!;
    assert.ok(equipment, 'the demo catalogue has equipment with a warranty and a delivery time');
    const service = (await products('productType=service&limit=100')).find((p) => p.service_details && Object.keys(p.service_details).length > 0)!;
    assert.ok(service, 'the demo catalogue has a service with details');
    await withPage(1366, async (page) => {
      await page.goto(`/products/${equipment.slug}`);
      const terms = page.locator('dl').filter({ hasText: 'Warranty' }).first();
      await terms.getByText(equipment.warranty!, { exact: true }).waitFor();
      await terms.getByText(equipment.delivery_time!, { exact: true }).waitFor();
      const add = page.getByRole('button', { name: 'Add to cart' });
      await add.click();
      await page.getByText('1 in cart').waitFor();
      await add.click();
      await page.getByText('2 in cart').waitFor();
      await page.getByRole('button', { name: 'Cart, 2 items', exact: true }).waitFor();

      await page.goto(`/marketplace?type=service&product=${service.slug}`);
      const view = page.getByRole('dialog', { name: service.name });
      await view.getByRole('heading', { name: 'Service details' }).waitFor();
      const [first] = Object.values(service.service_details!);
      if (typeof first === 'string') await view.getByText(first, { exact: true }).first().waitFor();
    });
  });

  it('the order look-up is reachable from the phone menu, the footer and the 404 page', async () => {
    await withPage(390, async (page) => {
      await page.goto('/marketplace');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Find an order' }).click();
      await page.waitForURL('**/orders/lookup');
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Find an order' }).click();
      await page.waitForURL('**/orders/lookup');
      await page.goto('/no-such-page');
      await page.getByRole('main').getByRole('link', { name: 'Find an order' }).click();
      await page.waitForURL('**/orders/lookup');
    });
  });

  it('hydrates every server-rendered page without a mismatch, and a signed-in header never shows Admin Login', async () => {
    const [product] = await products('productType=equipment');
    const pages = ['/', '/marketplace', '/marketplace?type=equipment', '/marketplace?search=chair', '/marketplace?search=chair&type=service', `/products/${product!.slug}`];
    for (const signedIn of [false, true]) {
      await withPage(
        1366,
        async (page) => {
          const errors: string[] = [];
          page.on('console', (message) => message.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(message.text()) && errors.push(`${page.url()}: ${message.text().slice(0, 200)}`));
          // every frame, whether 'Admin Login' is visible (a signed-in shopper must never see it)
          await page.addInitScript(() => {
            const w = window as unknown as { adminLoginSeen: boolean };
            w.adminLoginSeen = false;
            const look = () => {
              for (const a of document.querySelectorAll('header a')) if (a.textContent === 'Admin Login' && a.checkVisibility({ visibilityProperty: true })) w.adminLoginSeen = true;
              requestAnimationFrame(look);
            };
            requestAnimationFrame(look);
          });
          for (const path of pages) {
            await page.goto(path);
            await page.waitForLoadState('networkidle');
            if (signedIn) {
              await page.getByRole('button', { name: /Dr\. Jane Smith|dr\.smith/ }).first().waitFor();
              assert.equal(await page.evaluate(() => (window as unknown as { adminLoginSeen: boolean }).adminLoginSeen), false, `${path}: Admin Login shown to a signed-in shopper`);
            } else {
              await page.getByRole('link', { name: 'Admin Login' }).waitFor();
            }
          }
          assert.deepEqual(errors, []);
        },
        { signedIn },
      );
    }
  });

  it('follows a device set to dark, until the shopper switches it in the menu (kept on the next page)', async () => {
    await withPage(
      390,
      async (page) => {
        const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        await page.goto('/marketplace');
        await page.getByRole('heading', { name: 'Partner Products' }).first().waitFor();
        await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(14, 23, 28)');
        await page.getByRole('button', { name: 'Open menu' }).click();
        const item = page.getByRole('menuitemcheckbox', { name: 'Dark mode' });
        assert.equal(await item.getAttribute('aria-checked'), 'true');
        await item.click();
        await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgb(14, 23, 28)');
        const light = await background();
        await page.goto('/');
        await page.getByRole('region', { name: 'Featured products' }).waitFor();
        assert.equal(await background(), light, 'the choice is kept on the next page, whatever the device says');
      },
      { dark: true },
    );
  });
});
