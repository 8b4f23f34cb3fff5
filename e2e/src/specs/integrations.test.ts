import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { repoRoot } from '../app.js';
import { assertNoFindings, axeFindings } from '../axe.js';
import { DEMO_ADMIN, newContext, settled, signIn } from '../browser.js';
import { eventually } from '../eventually.js';
import { MailCatcher } from '../smtp.js';
import { inLightAndDark } from '../states.js';
import { appAndBrowser } from '../suite.js';
import { picture } from '../pictures.js';

/**
 * Issue 21's Integrations tab, with the app sending email through a real local SMTP server, and issue
 * 35's webhooks to a real local receiver (WEBHOOK_ALLOW_PRIVATE: it listens on 127.0.0.1).
 */
const mail = new MailCatcher();
let smtpUrl = '';

/** What the webhook receiver got: each delivery's headers and body, in arrival order. */
const received: Array<{ headers: Record<string, string>; body: string }> = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)])), body: Buffer.concat(chunks).toString() });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
  });
});

/** The receiver's deliveries once it has `count` (the worker polls every half second). */
const deliveries = (count: number) => eventually(async () => received, (got) => got.length >= count, { timeout: 20_000, what: `${count} webhook deliveries` });

const suite = appAndBrowser(
  async () => {
    smtpUrl = await mail.start();
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    return { SMTP_URL: smtpUrl, WEBHOOK_ALLOW_PRIVATE: 'true' };
  },
  async () => {
    await mail.stop();
    await new Promise((resolve) => receiver.close(resolve));
  },
);

async function asAdmin<T>(fn: (page: Page) => Promise<T>, width = 1366): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, width, width < 768 ? 844 : 900);
  try {
    await signIn(context, DEMO_ADMIN);
    const page = await context.newPage();
    await page.goto('/admin?tab=integrations');
    await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor();
    await page.getByRole('rowheader', { name: 'order-email', exact: true }).waitFor();
    return await fn(page);
  } finally {
    await context.close();
  }
}

describe('the admin Integrations tab', () => {
  it("shows the SMTP server and no AI provider, and 'Send test email' reaches the admin's mailbox", async () => {
    await asAdmin(async (page) => {
      const port = new URL(smtpUrl).port;
      await page.getByText(`SMTP server smtp://127.0.0.1:${port}`).waitFor();
      await page.getByText('API key: not set').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Test', exact: true }).isDisabled(), true, 'no provider: nothing to test');

      await page.getByRole('button', { name: 'Send test email' }).click();
      await page.getByText('A test email was sent to your address.').and(page.locator(':not([role="status"])')).first().waitFor();
      const email = await mail.waitFor('admin@dentalmarket.example', /^DentalMarket test email$/);
      assert.match(email.text, /If you can read it, the shop's email works\./);
      // the tab remembers the send (integration_status) and shows it after a reload
      await page.reload();
      await page.getByRole('rowheader', { name: 'order-email', exact: true }).waitFor();
      assert.equal(await page.getByText('Nothing sent yet').count(), 0, 'the last send is shown');
    });
  });

  it("shows what is live (issue 33): each frontend's build, and per remote the shared modules it asked for and got", async () => {
    const built = JSON.parse(fs.readFileSync(path.join(repoRoot, 'storefront-mfe/dist/mf-manifest.json'), 'utf8')) as { metaData: { buildInfo: { commit: string } } };
    await asAdmin(async (page) => {
      const storefront = page.getByRole('region', { name: 'Storefront' });
      await storefront.getByText('OK', { exact: true }).waitFor();
      await storefront.getByText(built.metaData.buildInfo.commit, { exact: true }).waitFor();
      await storefront.getByText('/remotes/storefront/mf-manifest.json').waitFor();
      await storefront.getByRole('button', { name: /^Shared modules \(\d+\)/ }).click();
      const store = storefront.getByRole('row', { name: /@dentalmarket\/store/ });
      await store.waitFor();
      // what the storefront asked for, and the shell's copy it gets (one version, one ledger)
      assert.match(await store.innerText(), /\^1\.\d+\.\d+[\s\S]*1\.\d+\.\d+/);
    });
  });

  it('makes an API key (issue 35) whose secret, shown once, opens the routes of its scopes only, until it is revoked', async () => {
    const name = `Stock sync ${Date.now()}`;
    const secret = await asAdmin(async (page) => {
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
      await dialog.getByRole('checkbox', { name: /^catalogue:read/ }).check();
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByRole('dialog', { name: 'Your new API key' });
      const value = await shown.getByLabel('Secret').inputValue();
      assert.match(value, /^dm_sk_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });
      const item = page.getByRole('listitem').filter({ hasText: name });
      await item.getByText('Active', { exact: true }).waitFor();
      await item.getByText(value.slice(0, 14), { exact: true }).waitFor();
      assert.equal(await page.getByText(value).count(), 0, 'the secret is not shown again');
      return value;
    });

    const withKey = (route: string, init: RequestInit = {}) => fetch(`${suite.app.url}${route}`, { ...init, headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...init.headers } });
    const listed = await withKey('/api/admin/products?limit=1');
    assert.equal(listed.status, 200, 'catalogue:read opens the admin product list');
    assert.equal(listed.headers.get('set-cookie'), null, 'a key starts no session');
    const refused = await withKey('/api/admin/categories', { method: 'POST', body: JSON.stringify({ name: 'Key-made' }) });
    assert.equal(refused.status, 403);
    assert.match(JSON.stringify(await refused.json()), /catalogue:write/);

    await asAdmin(async (page) => {
      const item = page.getByRole('listitem').filter({ hasText: name });
      await item.getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
      await item.getByText('Revoked', { exact: true }).waitFor();
    });
    const revoked = await withKey('/api/admin/products?limit=1');
    assert.equal(revoked.status, 401);
    assert.match(revoked.headers.get('www-authenticate') ?? '', /^Bearer/);
  });

  it('adds a webhook endpoint (issue 35): its signing secret shown once verifies the test event, and the delivery log shows and resends it', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/dentalmarket`;
    const secret = await asAdmin(async (page) => {
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
      await form.getByRole('textbox', { name: /^URL/ }).fill(url);
      await form.getByRole('textbox', { name: /^Description/ }).fill('ERP order sync');
      await form.getByRole('checkbox', { name: /^order\.placed/ }).check();
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const shown = page.getByRole('dialog', { name: 'Your endpoint’s signing secret' });
      const value = await shown.getByLabel('Secret').inputValue();
      assert.match(value, /^whsec_[A-Za-z0-9+/]{43}=$/);
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });
      const item = page.getByRole('listitem').filter({ hasText: url });
      await item.getByText('order.placed', { exact: true }).waitFor();
      assert.equal(await page.getByText(value).count(), 0, 'the secret is not shown again');

      await item.getByRole('button', { name: 'Send test event' }).click();
      const [test] = await deliveries(1);
      const verified = new Webhook(value).verify(test!.body, test!.headers) as { id: string; type: string; data: { message: string } };
      assert.equal(verified.type, 'webhook.test');
      assert.equal(verified.id, test!.headers['webhook-id']);

      await item.getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByRole('dialog', { name: 'Delivery log' });
      const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
      await row.getByText('HTTP 200', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Resend' }).click();
      // a resend is the same event again: the same webhook-id, the body as first sent
      const [, again] = await deliveries(2);
      assert.equal(again!.headers['webhook-id'], test!.headers['webhook-id']);
      assert.equal(again!.body, test!.body);
      return value;
    });

    // an order placed in the shop reaches the ERP, signed
    const [product] = ((await (await fetch(`${suite.app.url}/api/products?productType=equipment&limit=24`)).json()) as { products: Array<{ id: number; price: string; in_stock: boolean }> }).products.filter((p) => p.in_stock);
    const placed = await fetch(`${suite.app.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.app.url },
      body: JSON.stringify({ lines: [{ product_id: product!.id, quantity: 1, unit_price: product!.price }], shipping: { fullName: 'Dr. Ada Webhook', email: 'ada@example.com', address: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' } }),
    });
    assert.equal(placed.status, 201, await placed.clone().text());
    const { number } = (await placed.json()) as { number: string };
    const delivery = (await deliveries(3))[2]!;
    const event = new Webhook(secret).verify(delivery.body, delivery.headers) as { type: string; data: { number: string; status: string } };
    assert.deepEqual([event.type, event.data.number, event.data.status], ['order.placed', number, 'placed']);
  });

  it("shows the delivery log on a 390 px phone, light and dark (the device's scheme switched), as a list with no axe finding", async () => {
    await asAdmin(async (page) => {
      await page.getByRole('listitem').filter({ hasText: '/hooks/dentalmarket' }).getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByRole('dialog', { name: 'Delivery log' });
      await log.getByRole('list', { name: 'Delivery attempts' }).getByText('order.placed').first().waitFor();
      await settled(page);
      await inLightAndDark(page, async (dark) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `no sideways scroll (${overflow} px too wide)`);
        assertNoFindings(await axeFindings(page), `delivery log, 390 px ${dark ? 'dark' : 'light'}`);
      });
    }, 390);
  });

  it("fits a 390 px phone and 1366 px, light and dark (one page load each, the device's scheme switched), with no axe finding", async () => {
    for (const width of [1366, 390]) {
      await asAdmin(async (page) => {
        await inLightAndDark(page, async (dark) => {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `no sideways scroll at ${width} px (${overflow} px too wide)`);
          assertNoFindings(await axeFindings(page), `${width} px ${dark ? 'dark' : 'light'}`);
          await picture(page, `integrations-${width}-${dark ? 'dark' : 'light'}`);
        });
      }, width);
    }
  });
});
