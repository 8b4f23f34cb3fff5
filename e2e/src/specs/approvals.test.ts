import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { assertNoFindings, axeFindings } from '../axe.js';
import { settled } from '../browser.js';
import { fillCheckout } from '../checkoutForm.js';
import { MailCatcher } from '../smtp.js';
import { withShopperPage } from '../shopper-page.js';
import { inLightAndDark } from '../states.js';
import { appAndBrowser } from '../suite.js';
import { picture } from '../pictures.js';

/**
 * Issue 36's approvals journey in Chromium, emails through a real local SMTP server: the owner
 * requires PO numbers and turns approvals on from the Practice page and invites an assistant; the
 * assistant accepts the emailed link, checks out a cart with a PO number and sees 'Submitted for
 * approval'; the owner is emailed, approves it from the Practice page's list, and the order is
 * placed: the confirmation email with its PO number, the order page with who placed and who
 * approved it. The checkout's PO card and the approvals list at 1366 and 390 px, light and dark,
 * by keyboard, with no axe finding; pictures with E2E_PICTURES (looked at by the author); on a failure to show the Practice page, a screenshot of what showed instead in SCREENS.
 */
const mail = new MailCatcher();
const suite = appAndBrowser(async () => ({ SMTP_URL: await mail.start() }), () => mail.stop());
const OWNER = { username: 'dr.approver', password: 'Approver!2026', full_name: 'Dr. Paula Approver', email: 'paula@harbour.example', practice_name: 'Harbour Smiles' };
const ASSISTANT = { username: 'sam.assistant', password: 'Assistant!2026', name: 'Sam Assistant', email: 'sam@harbour.example' };
const PO = 'PO-2026/0042';
const SHIP_TO = 'orders@harbour.example';
const SCREENS = process.env.SCREENS_DIR ?? 'dist/screens/approvals';
mkdirSync(SCREENS, { recursive: true });

/** The page of a fresh context (withShopperPage), its console errors collected for a failure's message. */
function withContext<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, options: { width?: number; dark?: boolean } = {}): Promise<T> {
  return withShopperPage(
    suite,
    (page, context) => {
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      page.on('pageerror', (error) => consoleErrors.push(String(error)));
      return fn(page, context);
    },
    options,
  );
}

async function signIn(context: BrowserContext, username: string, password: string): Promise<void> {
  const answer = await context.request.post('/api/login', { data: { username, password } });
  assert.equal(answer.status(), 200, await answer.text());
}

/** One in-stock equipment product of the catalogue as a saved cart line (the shell restores it). */
async function fillCart(page: Page, context: BrowserContext): Promise<void> {
  const listed = await (await context.request.get('/api/products/by-type/equipment')).json();
  const product = (Array.isArray(listed) ? listed : listed.products).find((p: { in_stock: boolean }) => p.in_stock);
  const line = { id: product.id, name: product.name, manufacturer: product.manufacturer, price: product.price, image_url: product.image_url, quantity: 1 };
  await page.evaluate((saved) => localStorage.setItem('shopping-cart', JSON.stringify([saved])), line);
}

/** No axe finding, nothing wider than the screen, and a picture to look at (E2E_PICTURES): light, then dark (the device's scheme switched). */
async function checkScreens(page: Page, name: string, width: number): Promise<void> {
  await inLightAndDark(page, async (dark) => {
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name} is ${overflow} px wider than the ${width} px screen`);
    assertNoFindings(await axeFindings(page), `${name} at ${width} px, ${dark ? 'dark' : 'light'}`);
    await picture(page, `approvals/${name}-${width}-${dark ? 'dark' : 'light'}`);
  });
}

const consoleErrors: string[] = [];
let invitationPath = '';
let orderNumber = '';

describe('an assistant orders, an owner approves (issue 36)', () => {
  it('the owner requires PO numbers, turns approvals on and invites an assistant', async () => {
    await withContext(async (page, context) => {
      const registered = await context.request.post('/api/register', { data: OWNER });
      assert.equal(registered.status(), 201, await registered.text());
      await signIn(context, OWNER.username, OWNER.password);
      await page.goto('/practice');
      await page.getByRole('heading', { level: 1, name: OWNER.practice_name }).waitFor().catch(async (error) => {
        await page.screenshot({ path: `${SCREENS}/failed-practice.png` });
        throw new Error(`${error}\n${await page.locator('body').innerText()}\n${consoleErrors.join('\n')}`);
      });
      const ordering = page.getByRole('region', { name: 'Ordering' });
      await ordering.getByRole('switch', { name: 'Require a PO number on every order' }).check();
      await ordering.getByRole('switch', { name: "Orders need an owner's approval" }).check();
      await ordering.getByLabel('Days an order may wait').fill('5');
      await ordering.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Ordering settings saved').waitFor();
      await page.getByRole('region', { name: 'Orders awaiting approval' }).getByText('No orders are waiting for your approval.').waitFor();

      const invite = page.getByRole('form', { name: 'Invite someone' });
      await invite.getByLabel('Email').fill(ASSISTANT.email);
      await invite.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Assistant' }).click();
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('Invitation sent').waitFor();
    });
    const email = await mail.waitFor(ASSISTANT.email, /invited you to join Harbour Smiles/);
    invitationPath = new URL(/Accept the invitation: (\S+)/.exec(email.text)![1]!).pathname;
  });

  it("the assistant joins from the emailed link and checks out with a PO number: 'Submitted for approval'; the owner is emailed", async () => {
    await withContext(async (page, context) => {
      await page.goto(invitationPath);
      const form = page.getByRole('form', { name: 'Create your account' });
      await form.getByLabel('Username').fill(ASSISTANT.username);
      await form.getByLabel('Full name (optional)').fill(ASSISTANT.name);
      await form.getByLabel('Password', { exact: true }).fill(ASSISTANT.password);
      await form.getByLabel('Confirm password').fill(ASSISTANT.password);
      await form.getByRole('button', { name: 'Create account and join' }).click();
      await page.waitForURL(`${suite.app.url}/practice`);
      await page.getByText("Assistants' orders need an owner's approval; they expire after 5 days unless approved.").waitFor();

      await fillCart(page, context);
      await page.goto('/checkout');
      const po = page.getByRole('region', { name: 'Purchase Order' });
      await po.getByText("Your order will be submitted for an owner's approval: it is placed when an owner of your practice approves it.").waitFor();
      await fillCheckout(page, { Email: SHIP_TO });
      await page.getByRole('button', { name: 'Complete Order' }).click();
      await page.getByText('Your practice requires a PO number').waitFor(); // required by the practice, said before anything is sent
      await page.getByLabel('PO number', { exact: true }).fill(PO);
      await page.getByRole('button', { name: 'Complete Order' }).click();
      await page.getByRole('heading', { level: 1, name: 'Submitted for approval' }).waitFor({ timeout: 15_000 });
      orderNumber = (await page.getByRole('status').getByRole('link').first().innerText()).trim();
      assert.match(orderNumber, /^DM-[A-Z0-9]{6}$/);
      await page.getByRole('link', { name: 'View order' }).click();
      await page.getByText(`PO number: ${PO}`).waitFor();
      await page.getByText(/Awaiting an owner's approval · expires/).waitFor();
    });
    const ask = await mail.waitFor(OWNER.email, new RegExp(`Approval needed: DentalMarket order ${orderNumber} from ${ASSISTANT.name}`));
    assert.match(ask.text, new RegExp(`PO number: ${PO.replace('/', '\\/')}`));
    assert.ok(ask.text.includes('/practice#approvals'), ask.text);
    assert.equal(mail.received.filter((m) => m.to.includes(SHIP_TO)).length, 0, 'no confirmation before the approval');
  });

  it('the owner approves it from the Practice page by keyboard: placed, with who placed and who approved it; the confirmation carries the PO number', async () => {
    await withContext(async (page, context) => {
      await signIn(context, OWNER.username, OWNER.password);
      await page.goto('/practice#approvals');
      const list = page.getByRole('region', { name: 'Orders awaiting approval (1)' });
      await list.getByText(`${ASSISTANT.name} · 1 line · PO ${PO}`).waitFor();
      await list.getByRole('button', { name: `Approve order ${orderNumber}` }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(`Order ${orderNumber} approved`).waitFor();
      await page.getByRole('region', { name: 'Orders awaiting approval', exact: true }).getByText('No orders are waiting for your approval.').waitFor();
      await page.goto(`/orders/${orderNumber}`);
      await page.getByText(`by ${ASSISTANT.name} · approved by ${OWNER.full_name}`, { exact: false }).waitFor();
      await page.getByText(`PO number: ${PO}`).waitFor();
    });
    const confirmation = await mail.waitFor(SHIP_TO, new RegExp(`${orderNumber} is confirmed`));
    assert.ok(confirmation.text.includes(`PO number: ${PO}`), confirmation.text);
  });

  it('a declined order: the reason is required in the dialog, and the assistant is emailed it', async () => {
    await withContext(async (page, context) => {
      await signIn(context, ASSISTANT.username, ASSISTANT.password);
      const listed = await (await context.request.get('/api/products/by-type/equipment')).json();
      const product = (Array.isArray(listed) ? listed : listed.products).find((p: { in_stock: boolean }) => p.in_stock);
      const submitted = await context.request.post('/api/orders', {
        data: { lines: [{ product_id: product.id, quantity: 2, unit_price: product.price }], shipping: { fullName: ASSISTANT.name, email: SHIP_TO, address: '1 Quay Road', city: 'Leeds', state: 'WY', zipCode: '10001' }, po_number: 'PO-DECLINE-1' },
      });
      assert.equal((await submitted.json()).status, 'awaiting_approval');
    });
    await withContext(async (page, context) => {
      await signIn(context, OWNER.username, OWNER.password);
      await page.goto('/practice');
      await page.getByRole('button', { name: /^Decline order / }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Decline' }).click();
      await dialog.getByText('A reason is required: it is emailed to the member who submitted the order').waitFor();
      await dialog.getByLabel('Reason').fill('We have enough gloves until June');
      await dialog.getByRole('button', { name: 'Decline' }).click();
      await page.getByText(/declined$/).first().waitFor();
    });
    const declined = await mail.waitFor(ASSISTANT.email, /was declined/);
    assert.ok(declined.text.includes('Reason: We have enough gloves until June'), declined.text);
  });

  for (const width of [1366, 390]) {
    it(`the checkout's PO card and the approvals list at ${width} px, light and dark (one page load, the device's scheme switched): no axe finding, nothing wider than the screen`, async () => {
      await withContext(
        async (page, context) => {
          await signIn(context, ASSISTANT.username, ASSISTANT.password);
          await fillCart(page, context);
          await page.goto('/checkout');
          await page.getByRole('region', { name: 'Purchase Order' }).waitFor();
          await checkScreens(page, 'checkout', width);
          // a waiting order for the owner's list
          await page.getByLabel('PO number', { exact: true }).fill(`PO-${width}`);
          await fillCheckout(page, { Email: SHIP_TO });
          await page.getByRole('button', { name: 'Complete Order' }).click();
          await page.getByRole('heading', { level: 1, name: 'Submitted for approval' }).waitFor({ timeout: 15_000 });
          await checkScreens(page, 'submitted', width);
        },
        { width },
      );
      await withContext(
        async (page, context) => {
          await signIn(context, OWNER.username, OWNER.password);
          await page.goto('/practice');
          const list = page.getByRole('region', { name: /^Orders awaiting approval \(\d+\)$/ });
          await list.getByText(`PO PO-${width}`, { exact: false }).waitFor();
          await checkScreens(page, 'approvals', width);
          // by keyboard, with a visible focus: the first Decline opens the dialog, Escape closes it
          await list.getByRole('button', { name: /^Approve order / }).first().focus();
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(() => [document.activeElement?.getAttribute('aria-label'), document.activeElement?.classList.contains('Mui-focusVisible')]);
          assert.match(String(focused[0]), /^Decline order DM-/);
          assert.equal(focused[1], true, 'the Decline button reached by Tab shows its focus');
          await page.keyboard.press('Enter');
          await page.getByRole('dialog').getByLabel('Reason').waitFor();
          await checkScreens(page, 'decline-dialog', width);
          await page.keyboard.press('Escape');
        },
        { width },
      );
    });
  }
});
