import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { assertNoFindings, axeFindings } from '../axe.js';
import { DEMO_ADMIN, settled } from '../browser.js';
import { openCustomer } from '../admin-customers.js';
import { MailCatcher } from '../smtp.js';
import { withShopperPage } from '../shopper-page.js';
import { inLightAndDark } from '../states.js';
import { appAndBrowser } from '../suite.js';
import { picture } from '../pictures.js';

/**
 * Issue 36's address book and tax exemption in Chromium, email through a real local SMTP server:
 * the owner adds two addresses on the Practice page; checkout starts at the default, the owner picks
 * the other and the order ships there. The admin marks the practice tax-exempt in the Customers
 * drawer; checkout then shows tax $0.00 and why, and the order and its email say it. The Practice
 * page and the exempt checkout at 1366 and 390 px, light and dark, with no axe finding (pictures with E2E_PICTURES).
 */
const mail = new MailCatcher();
const suite = appAndBrowser(async () => ({ SMTP_URL: await mail.start() }), () => mail.stop());
const OWNER = { username: 'dr.shipto', password: 'ShipTo!2026', full_name: 'Dr. Sam Shipto', email: 'sam@harbourview.example', practice_name: 'Harbourview Dental' };
const CARD: Record<string, string> = { 'Cardholder Name': 'Sam Shipto', 'Card Number': '4242 4242 4242 4242', 'Expiry Date': '0528', CVC: '123' };
const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;
const REASON = `Tax exempt (certificate OR-EX-448812, valid until ${NEXT_YEAR})`;

const withContext = <T>(fn: (page: Page, context: BrowserContext) => Promise<T>, options: Parameters<typeof withShopperPage>[2] = {}) => withShopperPage(suite, fn, options);
const asOwner = (context: BrowserContext) => context.request.post('/api/login', { data: { username: OWNER.username, password: OWNER.password } });

/** One unit of the cheapest in-stock equipment product as the saved cart. */
async function fillCart(page: Page, context: BrowserContext): Promise<void> {
  const listed = await (await context.request.get('/api/products/by-type/equipment')).json();
  const products = (Array.isArray(listed) ? listed : listed.products).filter((p: { in_stock: boolean }) => p.in_stock);
  const product = products.sort((a: { price: string }, b: { price: string }) => Number(a.price) - Number(b.price))[0];
  await page.evaluate((saved) => localStorage.setItem('shopping-cart', JSON.stringify([saved])), { id: product.id, name: product.name, manufacturer: product.manufacturer, price: product.price, image_url: product.image_url, quantity: 1 });
}

async function addAddress(page: Page, values: Record<string, string>): Promise<void> {
  await page.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an address' });
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Completes the checkout with the card fields; the order's number. */
async function completeOrder(page: Page): Promise<string> {
  for (const [label, value] of Object.entries(CARD)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await page.getByRole('heading', { level: 1, name: 'Order Completed!' }).waitFor({ timeout: 15_000 });
  return (await page.getByRole('status').getByRole('link').first().innerText()).trim();
}

describe("a practice's address book and tax exemption (issue 36)", () => {
  it('the owner adds two addresses; checkout picks the non-default one; the order ships there', async () => {
    await withContext(async (page, context) => {
      const registered = await context.request.post('/api/register', { data: OWNER });
      assert.equal(registered.status(), 201, await registered.text());
      await asOwner(context);
      await page.goto('/practice');
      const book = page.getByRole('region', { name: 'Address book' });
      await book.getByText('No addresses yet.', { exact: false }).waitFor();
      await addAddress(page, { Label: 'Main surgery', 'Full Name': 'Dr. Sam Shipto', Address: '1 Harbour Street', City: 'Portland', State: 'OR', 'ZIP Code': '97201' });
      await addAddress(page, { Label: 'Annex', 'Full Name': 'Annex Reception', Address: '77 Quay Road, Unit 2', City: 'Salem', State: 'OR', 'ZIP Code': '97301' });
      const items = book.getByRole('list', { name: 'Ship-to addresses' }).getByRole('listitem');
      await items.nth(1).waitFor();
      assert.deepEqual(await items.evaluateAll((li) => li.map((item) => item.textContent)), [
        'Main surgeryDefaultDr. Sam Shipto, 1 Harbour Street, Portland, OR 97201EditRemove',
        'AnnexAnnex Reception, 77 Quay Road, Unit 2, Salem, OR 97301EditMake defaultRemove',
      ]);

      await fillCart(page, context);
      await page.goto('/checkout');
      const shipTo = page.getByRole('combobox', { name: 'Ship to' });
      await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('input[name="city"]')?.value ?? '') === 'Portland');
      assert.match(await shipTo.innerText(), /^Main surgery \(default\)/);
      await shipTo.click();
      await page.getByRole('option', { name: /^Annex/ }).click();
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="city"]')?.value === 'Salem');
      assert.equal(await page.getByLabel('Address', { exact: true }).inputValue(), '77 Quay Road, Unit 2');
      assert.notEqual(await page.getByRole('region', { name: 'Order summary' }).getByTestId('total-tax').innerText(), '$0.00');
      const number = await completeOrder(page);
      await page.getByRole('link', { name: 'View order' }).click();
      const address = page.getByRole('region', { name: 'Shipping address' });
      await address.getByText('77 Quay Road, Unit 2').waitFor();
      assert.match(await address.innerText(), /Annex Reception[\s\S]*Salem, OR 97301/);
      const order = await (await context.request.get(`/api/orders/${number}`)).json();
      assert.deepEqual(order.shipping, { fullName: 'Annex Reception', email: OWNER.email, address: '77 Quay Road, Unit 2', city: 'Salem', state: 'OR', zipCode: '97301' });
    });
  });

  it('the admin marks the practice tax-exempt; checkout shows tax $0.00 and why; the order and its email say it', async () => {
    await withContext(async (page, context) => {
      await context.request.post('/api/login', { data: DEMO_ADMIN });
      const drawer = await openCustomer(page, OWNER.username, OWNER.username);
      const section = drawer.getByRole('region', { name: 'Tax exemption' });
      await section.getByText('Not tax-exempt: its orders carry tax.').waitFor();
      await section.getByLabel('Certificate number').fill('OR-EX-448812');
      await section.getByLabel('Valid until').fill(NEXT_YEAR);
      await section.getByRole('button', { name: 'Save exemption' }).click();
      await page.getByText('Tax exemption saved').waitFor();
      await section.getByText(`${REASON}: its orders carry no tax.`).waitFor();
      await context.request.post('/api/logout');

      await asOwner(context);
      await fillCart(page, context);
      await page.goto('/checkout');
      const summary = page.getByRole('region', { name: 'Order summary' });
      await summary.getByText(REASON).waitFor();
      assert.equal(await summary.getByTestId('total-tax').innerText(), '$0.00');
      const number = await completeOrder(page);
      await page.getByRole('link', { name: 'View order' }).click();
      const totals = page.getByRole('region', { name: 'Order total' });
      await totals.getByText(REASON).waitFor();
      assert.equal(await totals.getByTestId('total-tax').innerText(), '$0.00');
      const confirmation = await mail.waitFor(OWNER.email, new RegExp(`${number} is confirmed`));
      assert.match(confirmation.text, /Tax: \$0\.00/);
      assert.ok(confirmation.text.includes(REASON), confirmation.text);
    });
  });

  for (const width of [1366, 390]) {
    it(`the Practice page's address book, the exempt checkout and the admin's exemption section at ${width} px, light and dark (one page load, the device's scheme switched): no axe finding, nothing wider than the screen`, async () => {
      await withContext(
        async (page, context) => {
          await asOwner(context);
          await page.goto('/practice');
          await page.getByRole('list', { name: 'Ship-to addresses' }).getByText('Annex', { exact: true }).waitFor();
          await page.getByRole('region', { name: 'Address book' }).scrollIntoViewIfNeeded();
          await settled(page);
          for (const [what, shot] of [['practice', 'the Practice page'], ['checkout', 'the exempt checkout']] as const) {
            if (what === 'checkout') {
              await fillCart(page, context);
              await page.goto('/checkout');
              await page.getByRole('region', { name: 'Order summary' }).getByText(REASON).waitFor();
              await settled(page);
            }
            await inLightAndDark(page, async (dark) => {
              const mode = dark ? 'dark' : 'light';
              const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
              assert.ok(overflow <= 0, `${shot} is ${overflow} px wider than the ${width} px screen`);
              assertNoFindings(await axeFindings(page), `${shot} at ${width} px, ${mode}`);
              await picture(page, `ship-to/${what}-${width}-${mode}`);
            });
          }
          // the address dialog
          await page.goto('/practice');
          await page.getByRole('button', { name: 'Add address' }).click();
          await page.getByRole('dialog', { name: 'Add an address' }).waitFor();
          await settled(page);
          await inLightAndDark(page, async (dark) => {
            const mode = dark ? 'dark' : 'light';
            assertNoFindings(await axeFindings(page), `the address dialog at ${width} px, ${mode}`);
            await picture(page, `ship-to/address-dialog-${width}-${mode}`, { fullPage: false });
          });
        },
        { width },
      );
      // the admin's Customers drawer with its Tax exemption section
      await withContext(
        async (page) => {
          const drawer = await openCustomer(page, OWNER.username, OWNER.username);
          const section = drawer.getByRole('region', { name: 'Tax exemption' });
          await section.getByText(`${REASON}: its orders carry no tax.`).waitFor();
          await section.scrollIntoViewIfNeeded();
          await settled(page);
          await inLightAndDark(page, async (dark) => {
            assertNoFindings(await axeFindings(page), `the customer drawer's tax exemption at ${width} px, ${dark ? 'dark' : 'light'}`);
            await picture(page, `ship-to/admin-exemption-${width}-${dark ? 'dark' : 'light'}`, { fullPage: false });
          });
        },
        { width, account: DEMO_ADMIN },
      );
    });
  }
});
