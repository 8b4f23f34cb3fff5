import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_CUSTOMER, settled, signIn } from './browser.js';
import { saveShopperSettings } from './shopper-page.js';

/**
 * The pages and dialogs a shopper and an admin see, each as a way to reach it from a fresh page and
 * wait until it is complete: the states the layout and accessibility checks walk (issue 16).
 */
export interface ScreenState {
  name: string;
  /** The saved cart it is opened with (openState): the demo cart unless 'long' (the demo cart and the long-named product). */
  cart?: 'long';
  open(page: Page, fixtures: ShopperFixtures): Promise<void>;
}

interface Listed {
  id: number;
  slug: string;
  name: string;
  manufacturer: string;
  price: string;
  image_url: string | null;
  in_stock: boolean;
  category_id: number;
}

/** A saved cart line (SPEC §3 Cart item), as the shell stores it under 'shopping-cart'. */
export interface CartLine {
  id: number;
  name: string;
  manufacturer: string;
  price: string;
  image_url: string | null;
  quantity: number;
}

const lineOf = (product: Listed, quantity: number): CartLine => ({
  id: product.id,
  name: product.name,
  manufacturer: product.manufacturer,
  price: product.price,
  image_url: product.image_url,
  quantity,
});

/** A name as long as a supplier writes them: the shop must wrap it, never widen the page for it. */
export const LONG_NAME =
  'NovaSonic UltraClean Professional Piezoelectric Ultrasonic Scaler and Air-Polishing Combination Unit with Dual LED Handpieces, Autoclavable Tips and Wireless Foot Control (230 V)';

/** What the shopper states show: a product for the modal, the demo cart, and the demo cart plus the long-named product. */
export interface ShopperFixtures {
  product: { slug: string; name: string };
  cart: CartLine[];
  longCart: CartLine[];
}

/**
 * The demo cart is the first three in-stock equipment products of the catalogue (real ids and
 * prices, 1–3 of each); the long-named product is created through the admin API, so call this once
 * per app. The context is signed in for that and signed out again.
 */
export async function shopperFixtures(context: BrowserContext, origin: string): Promise<ShopperFixtures> {
  const { products } = (await (await context.request.get('/api/products?productType=equipment&limit=24')).json()) as { products: Listed[] };
  const cart = products.filter((p) => p.in_stock).slice(0, 3).map((p, i) => lineOf(p, i + 1));
  await signIn(context);
  const created = await context.request.post('/api/admin/products', {
    headers: { Origin: origin },
    data: { name: LONG_NAME, description: 'A product with a long name.', price: '12499.00', category_id: products[0].category_id, manufacturer: 'NovaSonic Dental Instruments International', product_type: 'equipment' },
  });
  assert.equal(created.status(), 201, `creating the long-named product: ${await created.text()}`);
  assert.equal((await context.request.post('/api/logout', { headers: { Origin: origin } })).status(), 200);
  // an order of the demo shopper's (the demo accounts have none): the admin's customer and practice
  // drawers and the orders tab are then checked with a row in them, not only their empty texts
  await signIn(context, DEMO_CUSTOMER);
  const shipping = { fullName: 'Dr. Jane Smith', email: 'dr.smith@dentalmarket.example', address: '12 Harbour Street', city: 'Portland', state: 'OR', zipCode: '97201' };
  const placed = await context.request.post('/api/orders', { headers: { Origin: origin }, data: { lines: [{ product_id: cart[0].id, quantity: 2, unit_price: cart[0].price }], shipping } });
  assert.equal(placed.status(), 201, `the demo shopper's order: ${await placed.text()}`);
  assert.equal((await context.request.post('/api/logout', { headers: { Origin: origin } })).status(), 200);
  return { product: products[0], cart, longCart: [...cart, lineOf((await created.json()) as Listed, 1)] };
}

/**
 * Opens a state following the device's scheme (light unless emulated; see `useColorScheme`). First
 * the browser's saved cart and settings are written (saveShopperSettings): every debug tool is off,
 * as on a shopper's browser, so no debugger button sits over the page.
 */
export async function openState(page: Page, state: ScreenState, fixtures: ShopperFixtures): Promise<void> {
  const cart = state.cart === 'long' ? fixtures.longCart : fixtures.cart;
  await saveShopperSettings(page);
  await page.evaluate((saved) => localStorage.setItem('shopping-cart', JSON.stringify(saved)), cart);
  await state.open(page, fixtures);
}

/**
 * Switches the device's colour scheme under a page that follows it (no choice saved) and waits until
 * the page shows it: the body in the theme's background, and no transition of the switch still running
 * (axe would measure contrast half-way).
 */
export async function useColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((previous) => getComputedStyle(document.body).backgroundColor !== previous, before);
  // the whole page changes at once: no element fades to its new colours on its own (issue 34)
  const fading = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation): animation is CSSTransition => animation instanceof CSSTransition && animation.playState === 'running' && /color|shadow|fill|stroke/.test(animation.transitionProperty))
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return `${target?.nodeName.toLowerCase()}.${String(target?.className ?? '').split(' ')[0]} ${animation.transitionProperty}`;
      }),
  );
  assert.deepEqual([...new Set(fading)].slice(0, 10), [], `switching to ${scheme}, ${fading.length} transitions faded elements to their new colours (the first 10 kinds)`);
  await settled(page);
}

/**
 * Runs `check` on the page as it is, light (it follows the device's scheme: no choice saved), then again
 * after switching the device to dark, and switches it back: both schemes from one page load and one
 * journey, where loading the page again for dark doubled the journey (issue 34).
 */
export async function inLightAndDark(page: Page, check: (dark: boolean) => Promise<void>): Promise<void> {
  await check(false);
  await useColorScheme(page, 'dark');
  await check(true);
  await useColorScheme(page, 'light');
}

const TYPE_HEADINGS = { equipment: 'IT Equipment', service: 'IT Services', affiliate: 'Partner Products' } as const;

async function marketplace(page: Page, type: keyof typeof TYPE_HEADINGS): Promise<void> {
  await page.goto(`/marketplace?type=${type}`);
  await page.getByRole('heading', { level: 1, name: TYPE_HEADINGS[type] }).waitFor();
  await page.getByText(/^Showing \d+ of [\d,]+ products?$/).waitFor();
}

/** The header's cart button, behind the phone's menu when the header has one. */
async function openCartDrawer(page: Page): Promise<void> {
  const cart = page.getByRole('button', { name: /^Cart\b/ });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (!(await cart.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
  await cart.click();
  await page.getByRole('dialog').getByRole('link', { name: 'Checkout' }).waitFor();
}

async function checkout(page: Page): Promise<void> {
  await page.goto('/checkout');
  await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
  await page.getByRole('region', { name: 'Order summary' }).getByTestId('total-total').waitFor();
}

/** Every shopper page at its own address, and checkout once more with the long name in the cart. */
export const SHOPPER_STATES: ScreenState[] = [
  {
    name: 'home',
    async open(page) {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Featured products' }).waitFor();
      await page.getByRole('article').first().waitFor();
    },
  },
  { name: 'marketplace: equipment', open: (page) => marketplace(page, 'equipment') },
  { name: 'marketplace: services', open: (page) => marketplace(page, 'service') },
  { name: 'marketplace: partner products', open: (page) => marketplace(page, 'affiliate') },
  {
    name: 'product modal',
    async open(page, { product }) {
      await page.goto(`/marketplace?type=equipment&product=${product.slug}`);
      await page.getByRole('dialog', { name: product.name }).getByTestId('modal-price').waitFor();
    },
  },
  {
    name: "a product's page",
    async open(page, { product }) {
      await page.goto(`/products/${product.slug}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.getByTestId('modal-price').waitFor();
    },
  },
  {
    name: 'product not found',
    async open(page) {
      await page.goto('/products/no-such-product-anywhere');
      await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();
    },
  },
  {
    name: 'cart drawer',
    async open(page) {
      await marketplace(page, 'equipment');
      await openCartDrawer(page);
    },
  },
  { name: 'checkout', open: checkout },
  {
    name: 'login',
    async open(page) {
      await page.goto('/auth');
      await page.getByRole('form', { name: 'Login' }).waitFor();
    },
  },
  {
    name: 'register',
    async open(page) {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('form', { name: 'Register' }).waitFor();
    },
  },
  {
    name: '404',
    async open(page) {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    },
  },
  { name: 'checkout with a long product name', cart: 'long', open: checkout },
  { name: 'search results with filters', open: searchResults },
  {
    name: "search results' filters drawer (phone) or column",
    async open(page) {
      await searchResults(page);
      const filters = page.getByRole('button', { name: /^Filters/ });
      if (await filters.isVisible()) {
        await filters.click();
        await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: /^Show \d+ results?$/ }).waitFor();
      }
    },
  },
  {
    name: "header search's suggestions",
    async open(page) {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Featured products' }).waitFor();
      const open = page.getByRole('button', { name: 'Open search' });
      if (await open.isVisible()) await open.click();
      await page.getByRole('combobox', { name: 'Search products' }).fill('autocl');
      await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
    },
  },
];

/** A search with its counts and filters loaded (the demo catalogue has 5 intraoral products). */
async function searchResults(page: Page): Promise<void> {
  await page.goto('/marketplace?search=intraoral');
  await page.getByRole('heading', { level: 1, name: /^\d+ results? for "intraoral"$/ }).waitFor();
  await page.getByRole('article').first().waitFor();
  await page.getByText(/^Showing \d+ of [\d,]+ products?$/).waitFor();
}

async function dashboard(page: Page, tab: string): Promise<void> {
  await page.goto(tab === 'catalog' ? '/admin' : `/admin?tab=${tab}`);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  if (tab === 'catalog') {
    await page.getByTestId('categories-row').first().waitFor();
    await page.getByRole('gridcell').first().waitFor();
  } else if (tab === 'settings') {
    await page.getByRole('heading', { name: 'System Settings' }).waitFor();
  } else if (tab === 'orders') {
    await page.getByRole('heading', { name: 'All Orders' }).waitFor();
  } else if (tab === 'customers') {
    // the Practices view is shown first (issue 36)
    await page.getByRole('grid', { name: 'Practices' }).getByRole('gridcell').first().waitFor();
  } else if (tab === 'analytics') {
    // issue 21: the four cards, each answered (figures, an empty state or an error), none still loading
    await page.getByRole('heading', { name: 'Searches with no results' }).waitFor();
    await page.getByText(/^Loading (orders and revenue|partner clicks|top searches|searches with no results)…$/).first().waitFor({ state: 'detached' });
  } else {
    // integrations: the job queue's table answered
    await page.getByRole('heading', { name: 'Job queue' }).waitFor();
    await page.getByRole('rowheader', { name: 'order-email', exact: true }).waitFor();
  }
}

const DASHBOARD_TABS = ['catalog', 'analytics', 'orders', 'customers', 'integrations', 'settings'];

/**
 * Waits until a dialog or drawer has stopped moving: axe reads colours as painted, so a button
 * checked while its dialog still fades in (opacity below 1) reads as too faint. Its container holds
 * the paper and the fading backdrop.
 */
async function stopped(dialog: Locator): Promise<void> {
  await dialog.evaluate((paper) => Promise.all((paper.parentElement ?? paper).getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

/** The admin's main states: each dashboard tab, the product and category dialogs, a customer's drawer, the AI panel's batch form. */
export const ADMIN_STATES: ScreenState[] = [
  ...DASHBOARD_TABS.map((tab): ScreenState => ({ name: `admin: ${tab}`, open: (page) => dashboard(page, tab) })),
  {
    name: 'admin: product create dialog',
    async open(page) {
      await dashboard(page, 'catalog');
      await page.getByRole('button', { name: 'Add New Product' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Product' });
      await dialog.getByLabel('Product Name').waitFor();
      await stopped(dialog);
    },
  },
  {
    name: 'admin: category dialog',
    async open(page) {
      await dashboard(page, 'catalog');
      await page.getByRole('button', { name: 'Add New Category' }).click();
      await page.getByRole('dialog').getByLabel('Name').waitFor();
      await stopped(page.getByRole('dialog'));
    },
  },
  {
    name: 'admin: import dialog',
    async open(page) {
      await dashboard(page, 'catalog');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
      await dialog.getByRole('button', { name: 'Check file' }).waitFor();
      await stopped(dialog);
    },
  },
  {
    name: 'admin: import review with errors',
    async open(page) {
      await dashboard(page, 'catalog');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
      // a dry run only: nothing is applied
      const csv = 'name,product_type,category,price,colour\r\nState Check Mirror,equipment,no-such-category,12.00,blue\r\nState Check Probe,equipment,no-such-category,twelve,red\r\n';
      await dialog.getByLabel('CSV file').setInputFiles({ name: 'check.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByRole('button', { name: 'Check file' }).click();
      await dialog.getByText('2 with errors', { exact: true }).waitFor();
    },
  },
  {
    name: 'admin: practice drawer',
    async open(page) {
      await dashboard(page, 'customers');
      // the demo shopper's practice (named after them by the practices migration)
      await page.getByRole('grid', { name: 'Practices' }).getByRole('button', { name: 'Dr. Jane Smith', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Dr. Jane Smith' });
      await drawer.getByRole('heading', { name: 'Invoices' }).waitFor();
      await drawer.getByText(/^(No invoices|\d)/).first().waitFor();
      await drawer.getByText('Loading payment terms…').waitFor({ state: 'detached' });
      await stopped(drawer);
    },
  },
  {
    name: 'admin: customer drawer',
    async open(page) {
      await page.goto('/admin?tab=customers&view=people');
      await page.getByRole('grid', { name: 'Customers' }).getByRole('gridcell').first().waitFor();
      await page.getByRole('button', { name: 'dr.smith', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'dr.smith' });
      await drawer.getByRole('heading', { name: 'Recent orders' }).waitFor();
      // checked and pictured where it stops, not while it slides in over a fading backdrop
      await stopped(drawer);
    },
  },
  {
    name: 'admin: AI panel (batch)',
    async open(page) {
      await dashboard(page, 'catalog');
      await page.getByRole('tab', { name: 'Batch Add' }).click();
      await page.getByLabel('Product names').waitFor();
    },
  },
];
