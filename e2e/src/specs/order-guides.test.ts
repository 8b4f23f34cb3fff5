import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { assertNoFindings, axeFindings } from '../axe.js';
import { DEMO_ADMIN, DEMO_CUSTOMER, newContext, settled, signIn } from '../browser.js';
import { useColorScheme } from '../states.js';
import { appAndBrowser } from '../suite.js';
import { picture } from '../pictures.js';

/**
 * Issue 36's order guides in Chromium: the demo shopper saves an order as an order guide, adds a
 * product to it from the product's page ('Add to list'), reorders its lines by dragging with the
 * pointer, by keyboard and with Move down; a product is deleted meanwhile; 'Add all to cart' puts
 * the others in the cart at their quantities and names the deleted one as not added; the cart shows
 * the lines. The guide's pages at 1366 and 390 px, light and dark, with no axe finding, nothing wider
 * than the screen, and pictures to look at (E2E_PICTURES).
 */
const suite = appAndBrowser();

interface Equipment {
  id: number;
  name: string;
  price: string;
  slug: string;
  in_stock: boolean;
}

let products: Equipment[] = [];
let orderNumber = '';
let guidePath = '';

async function withContext<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, { width = 1366, account = DEMO_CUSTOMER as typeof DEMO_CUSTOMER | null } = {}): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, width, width < 768 ? 844 : 900);
  try {
    if (account) await signIn(context, account);
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** The names of the guide's lines, in order. */
async function lineNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: /^Products on / }).getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
}

async function eventuallyOrder(page: Page, expected: string[], what: string): Promise<void> {
  await page.waitForFunction(
    (names) => JSON.stringify([...document.querySelectorAll('ul[aria-label^="Products on "] > li')].map((li) => li.getAttribute('aria-label'))) === JSON.stringify(names),
    expected,
    { timeout: 10_000 },
  ).catch(async () => assert.deepEqual(await lineNames(page), expected, what));
}

/** Drags `handle` onto `target` with the pointer, in small steps as a hand would. */
async function drag(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 3 });
  await page.mouse.move(to.x + from.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
}

describe('an order guide from an order, added to the cart in one go', () => {
  it("saves the demo shopper's order as an order guide and adds a product to it from the product's page", async () => {
    await withContext(async (page, context) => {
      const listed = await (await context.request.get('/api/products/by-type/equipment')).json();
      products = (Array.isArray(listed) ? listed : listed.products).filter((p: Equipment) => p.in_stock).slice(0, 3);
      assert.equal(products.length, 3);
      const [a, b] = products as [Equipment, Equipment];
      const placed = await context.request.post('/api/orders', {
        data: {
          lines: [
            { product_id: a.id, quantity: 2, unit_price: a.price },
            { product_id: b.id, quantity: 1, unit_price: b.price },
          ],
          shipping: { fullName: 'Dr. Sarah Smith', email: 'sarah@smithdental.example', address: '1 Harbour Road', city: 'Portland', state: 'OR', zipCode: '97201' },
        },
      });
      assert.equal(placed.status(), 201, await placed.text());
      orderNumber = (await placed.json()).number;

      await page.goto(`/orders/${orderNumber}`);
      await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
      await page.getByRole('button', { name: 'Save as order guide' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save as order guide' });
      await dialog.getByRole('textbox', { name: 'Name of the guide' }).fill('Monthly supplies');
      await dialog.getByRole('button', { name: 'Save order guide' }).click();
      await page.getByRole('heading', { level: 1, name: 'Monthly supplies' }).waitFor();
      guidePath = new URL(page.url()).pathname;
      assert.match(guidePath, /^\/order-guides\/\d+$/);
      assert.deepEqual(await lineNames(page), [a.name, b.name]);
      assert.equal(await page.getByRole('textbox', { name: `Quantity of ${a.name}` }).inputValue(), '2');

      // 'Add to list' on the third product's own page, quantity 3
      const c = products[2]!;
      await page.goto(`/products/${c.slug}`);
      await page.getByRole('button', { name: 'Add to list' }).click();
      const add = page.getByRole('dialog', { name: 'Add to an order guide' });
      await add.getByRole('radio', { name: 'Monthly supplies (2 products)' }).check();
      await add.getByRole('textbox', { name: 'Quantity' }).fill('3');
      await add.getByRole('button', { name: 'Add to list' }).click();
      await page.getByText(`${c.name} is on “Monthly supplies”.`).waitFor();

      await page.goto(guidePath);
      await eventuallyOrder(page, [a.name, b.name, c.name], 'the added product goes last');
      assert.equal(await page.getByRole('textbox', { name: `Quantity of ${c.name}` }).inputValue(), '3');
    });
  });

  it("asks a signed-out shopper to sign in before 'Add to list'", async () => {
    await withContext(
      async (page) => {
        await page.goto(`/products/${products[0]!.slug}`);
        await page.getByRole('button', { name: 'Add to list' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add to an order guide' });
        await dialog.getByText(/Sign in to add “.+” to one\./).waitFor();
        await dialog.getByRole('link', { name: 'Sign in' }).click();
        await page.waitForURL(`${suite.app.url}/auth`);
      },
      { account: null },
    );
  });

  it('reorders the lines by dragging, by keyboard and with Move down; the order is kept', async () => {
    const [a, b, c] = products.map((p) => p.name) as [string, string, string];
    await withContext(async (page) => {
      await page.goto(guidePath);
      await eventuallyOrder(page, [a, b, c], 'as made');
      // the pointer: the third line's handle dragged onto the first line
      await drag(page, page.getByRole('button', { name: `Reorder ${c}` }), page.getByRole('listitem', { name: a }));
      await eventuallyOrder(page, [c, a, b], 'after dragging the last line to the top');
      // the keyboard: Space on the handle picks the line up, arrow down moves it, Space drops it (each step announced to screen readers)
      const announced = (text: string, timeout?: number) => page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached', timeout });
      await page.getByRole('button', { name: `Reorder ${c}` }).focus();
      await page.keyboard.press('Space');
      await announced(`${c} is over position 1 of 3.`);
      // the sensor listens for the arrows from a moment after the pick-up: a key pressed before that moves nothing, and is pressed again
      for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('ArrowDown');
        const moved = await announced(`${c} is over position 2 of 3.`, attempt < 5 ? 2_000 : 30_000).then(() => true, () => false);
        if (moved) break;
        assert.ok(attempt < 5, 'ArrowDown never moved the picked-up line');
      }
      await page.keyboard.press('Space');
      await announced(`${c} was dropped at position 2 of 3.`);
      await eventuallyOrder(page, [a, c, b], 'after moving the first line down by keyboard');
      await page.getByRole('button', { name: `Move ${a} down` }).click();
      await eventuallyOrder(page, [c, a, b], 'after Move down');
      await page.reload();
      await eventuallyOrder(page, [c, a, b], 'as the server keeps it');
    });
  });

  it("'Add all to cart' adds the lines still sold at their quantities and names the one deleted meanwhile; the cart shows the lines", async () => {
    const [a, b, c] = products as [Equipment, Equipment, Equipment];
    await withContext(
      async (_page, admin) => {
        const deleted = await admin.request.delete(`/api/admin/products/${b.id}`);
        assert.ok(deleted.ok(), `deleting ${b.name}: ${deleted.status()}`);
      },
      { account: DEMO_ADMIN },
    );
    await withContext(async (page) => {
      await page.goto(guidePath);
      await page.getByRole('listitem', { name: b.name }).getByText('No longer available').waitFor();
      await page.getByRole('button', { name: 'Add all to cart' }).click();
      const skipped = page.getByRole('status', { name: 'Not added to the cart (1)' });
      await skipped.getByText(`“${b.name}” is no longer in the catalogue.`).waitFor();
      await page.getByText("5 items added at today's prices. 1 line was not added (see the guide).").waitFor();

      await page.getByRole('button', { name: 'Cart, 5 items', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Your cart', exact: true });
      await drawer.getByText(c.name).waitFor();
      await drawer.getByText(a.name).waitFor();
      assert.equal(await drawer.getByText(b.name).count(), 0);
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('shopping-cart') ?? '[]'));
      const items = (Array.isArray(saved) ? saved : saved.items) as Array<{ id: number; quantity: number; price: string }>;
      assert.deepEqual(
        items.map((item) => [item.id, item.quantity, item.price]),
        [
          [c.id, 3, Number(c.price).toFixed(2)],
          [a.id, 2, Number(a.price).toFixed(2)],
        ],
      );
    });
  });

  for (const width of [1366, 390]) {
    it(`the order guide pages at ${width} px, light and dark: no axe finding, nothing wider than the screen`, async () => {
      await withContext(
        async (page) => {
          const check = async (what: string, ready: () => Promise<unknown>) => {
            for (const scheme of ['light', 'dark'] as const) {
              if (scheme === 'dark') await useColorScheme(page, 'dark');
              else await page.emulateMedia({ colorScheme: 'light' });
              await ready();
              await settled(page);
              const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
              assert.ok(overflow <= 0, `${what} is ${overflow} px wider than the ${width} px screen`);
              assertNoFindings(await axeFindings(page), `${what} at ${width} px, ${scheme}`);
              await picture(page, `${what.replace(/\W+/g, '-')}-${width}-${scheme}`);
            }
          };
          await page.goto(guidePath);
          await page.getByRole('button', { name: 'Add all to cart' }).click();
          await check('order guide', () => page.getByRole('status', { name: 'Not added to the cart (1)' }).waitFor());
          await page.goto('/order-guides');
          await check('order guides', () => page.getByRole('table', { name: "Your practice's guides" }).getByRole('link', { name: 'Monthly supplies' }).waitFor());
          await page.goto(`/products/${products[0]!.slug}`);
          await page.getByRole('button', { name: 'Add to list' }).click();
          await check('add to list', () => page.getByRole('dialog', { name: 'Add to an order guide' }).getByRole('radio', { name: /^Monthly supplies/ }).waitFor());
        },
        { width },
      );
    });
  }
});
