import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { assertNoFindings, axeFindings } from '../axe.js';
import { settled } from '../browser.js';
import { MailCatcher } from '../smtp.js';
import { withShopperPage } from '../shopper-page.js';
import { inLightAndDark } from '../states.js';
import { appAndBrowser } from '../suite.js';

/**
 * Issue 36's first slice in Chromium, emails through a real local SMTP server: an owner registers
 * with a practice name, places an order, invites an assistant by email; the assistant opens the
 * emailed link, creates the account, sees the practice's order with who placed it, and cannot
 * place one; the Practice page at 1366 and 390 px, light and dark, with no axe finding.
 */
const mail = new MailCatcher();
// the app sends its invitations through a real local SMTP server
const suite = appAndBrowser(async () => ({ SMTP_URL: await mail.start() }), () => mail.stop());
const OWNER = { username: 'dr.owner', password: 'Owner!2026', name: 'Dr. Olivia Owner', practice: 'Bayside Dental' };

const withContext = <T>(fn: (page: Page, context: BrowserContext) => Promise<T>, options: Parameters<typeof withShopperPage>[2] = {}) => withShopperPage(suite, fn, options);

/** An equipment product's order through the API, as the signed-in context (the checkout's own journey is checkout.test.ts). */
async function placeOrder(context: BrowserContext): Promise<{ status: number; body: { number?: string; message?: string } }> {
  const products = await (await context.request.get('/api/products/by-type/equipment')).json();
  const product = (Array.isArray(products) ? products : products.products).find((p: { in_stock: boolean }) => p.in_stock);
  const response = await context.request.post('/api/orders', {
    data: {
      lines: [{ product_id: product.id, quantity: 1, unit_price: product.price }],
      shipping: { fullName: 'Dr. Olivia Owner', email: 'owner@bayside.example', address: '1 Harbour Road', city: 'Portland', state: 'OR', zipCode: '97201' },
    },
  });
  return { status: response.status(), body: await response.json() };
}

let invitationPath = '';
let orderNumber = '';

describe('a practice buys as a team', () => {
  it('the owner registers with a practice name, orders, and invites an assistant from the Practice page', async () => {
    await withContext(async (page, context) => {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      const register = page.getByRole('form', { name: 'Register' });
      await register.getByLabel('Username').fill(OWNER.username);
      await register.getByLabel('Email').fill('owner@bayside.example');
      await register.getByLabel('Full name (optional)').fill(OWNER.name);
      await register.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Practice name is required').waitFor(); // required in the form
      await register.getByLabel('Practice name').fill(OWNER.practice);
      await register.getByLabel('Password', { exact: true }).fill(OWNER.password);
      await register.getByLabel('Confirm password').fill(OWNER.password);
      await register.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Registration successful').waitFor();
      await page.waitForURL(`${suite.app.url}/`);

      const placed = await placeOrder(context);
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      orderNumber = placed.body.number!;

      // the account menu's link to the Practice page
      await page.getByRole('button', { name: OWNER.name }).click();
      await page.getByRole('menuitem', { name: 'Practice' }).click();
      await page.getByRole('heading', { level: 1, name: OWNER.practice }).waitFor();
      await page.getByText('Your practice · you are owner').waitFor();

      const invite = page.getByRole('form', { name: 'Invite someone' });
      await invite.getByLabel('Email').fill('amy@bayside.example');
      await invite.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Assistant' }).click();
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('Invitation sent').waitFor();
      await page.getByRole('list', { name: 'Open invitations' }).getByText('amy@bayside.example').waitFor();
    });
    const email = await mail.waitFor('amy@bayside.example', /invited you to join Bayside Dental/);
    assert.equal(email.subject, `${OWNER.name} invited you to join ${OWNER.practice} on DentalMarket`);
    const link = /Accept the invitation: (\S+)/.exec(email.text)?.[1];
    assert.ok(link, email.text);
    invitationPath = new URL(link).pathname;
    assert.match(invitationPath, /^\/invitations\/[A-Za-z0-9_-]{70}$/);
  });

  it("the assistant accepts from the emailed link, sees the practice's order with who placed it, and cannot place one", async () => {
    await withContext(async (page, context) => {
      const opened = await page.goto(invitationPath);
      await page.getByRole('heading', { level: 1, name: `Join ${OWNER.practice}` }).waitFor({ timeout: 15_000 }).catch(async (error) => {
        throw new Error(`${error}\n${opened?.status()} ${await page.locator('body').innerText()}`);
      });
      await page.getByText(`${OWNER.name} invited amy@bayside.example to join ${OWNER.practice} as an assistant.`).waitFor();
      const form = page.getByRole('form', { name: 'Create your account' });
      await form.getByLabel('Username').fill('amy.assistant');
      await form.getByLabel('Full name (optional)').fill('Amy Assistant');
      await form.getByLabel('Password', { exact: true }).fill('Assistant!2026');
      await form.getByLabel('Confirm password').fill('Assistant!2026');
      await form.getByRole('button', { name: 'Create account and join' }).click();
      await page.getByText(`Welcome to ${OWNER.practice}`).waitFor();
      await page.waitForURL(`${suite.app.url}/practice`);
      await page.getByText('Your practice · you are assistant').waitFor();
      await page.getByText(`${OWNER.name}`, { exact: true }).waitFor();

      await page.goto('/orders');
      const table = page.getByRole('table', { name: 'Your orders' });
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: orderNumber }) });
      await row.getByRole('cell', { name: OWNER.name }).waitFor();
      await row.getByRole('link', { name: orderNumber }).click();
      await page.getByText(`by ${OWNER.name}`, { exact: false }).waitFor();

      const refused = await placeOrder(context);
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, 'Assistants prepare orders; an owner or purchaser places them.');
      // the link works once
      const again = await context.request.get(`/api${invitationPath}`);
      assert.deepEqual([again.status(), (await again.json()).reason], [200, 'used']);
    });
  });

  for (const width of [1366, 390]) {
    it(`the Practice page at ${width} px, light and dark (one page load, the device's scheme switched): no axe finding, nothing wider than the screen`, async () => {
      await withContext(
        async (page, context) => {
          const signedIn = await context.request.post('/api/login', { data: { username: OWNER.username, password: OWNER.password } });
          assert.equal(signedIn.status(), 200);
          await page.goto('/practice');
          await page.getByRole('heading', { level: 1, name: OWNER.practice }).waitFor();
          await page.getByRole('region', { name: 'Members' }).getByText('Amy Assistant', { exact: true }).waitFor();
          await page.getByRole('region', { name: 'Invitations' }).getByText('No open invitations.').waitFor();
          await settled(page);
          await inLightAndDark(page, async (dark) => {
            // the card is drawn in the scheme asked for (its background's red+green+blue)
            const card = await page.getByRole('region', { name: 'Members' }).evaluate((element) => getComputedStyle(element).backgroundColor.match(/\d+/g)!.slice(0, 3).reduce((sum, n) => sum + Number(n), 0));
            assert.ok(dark ? card < 300 : card > 600, `the Members card's background (${card}) is ${dark ? 'dark' : 'light'}`);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            assert.ok(overflow <= 0, `the page is ${overflow} px wider than the ${width} px screen`);
            assertNoFindings(await axeFindings(page), `/practice at ${width} px, ${dark ? 'dark' : 'light'}`);
          });
          // by keyboard: Tab reaches the role picker of the assistant, and the invite form
          await page.getByRole('combobox', { name: 'Role of Amy Assistant' }).focus();
          await page.keyboard.press('Enter');
          await page.getByRole('option', { name: 'Purchaser' }).waitFor();
          await page.keyboard.press('Escape');
        },
        { width },
      );
    });
  }
});
