import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { repoRoot, startApp, type RunningApp } from '../app.js';
import { assertNoFindings, axeFindings } from '../axe.js';
import { DEMO_ADMIN, launchBrowser, newContext, signIn } from '../browser.js';
import { MailCatcher } from '../smtp.js';

/** Issue 21's Integrations tab, with the app sending email through a real local SMTP server. */
const mail = new MailCatcher();
const suite = {} as { app: RunningApp; browser: Browser; smtpUrl: string };

before(async () => {
  suite.smtpUrl = await mail.start();
  const [app, browser] = await Promise.allSettled([startApp({ SMTP_URL: suite.smtpUrl }), launchBrowser()]);
  if (app.status === 'fulfilled') suite.app = app.value;
  if (browser.status === 'fulfilled') suite.browser = browser.value;
  if (app.status === 'rejected') throw app.reason;
  if (browser.status === 'rejected') throw browser.reason;
});

after(async () => {
  await suite.browser?.close();
  await suite.app?.stop();
  await mail.stop();
});

async function asAdmin<T>(fn: (page: Page) => Promise<T>, width = 1366, dark = false): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, width, width < 768 ? 844 : 900);
  try {
    await signIn(context, DEMO_ADMIN);
    const page = await context.newPage();
    if (dark) {
      await page.goto('/api/health/ready');
      await page.evaluate(() => localStorage.setItem('dental-marketplace-settings', JSON.stringify({ display: { darkMode: true } })));
    }
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
      const port = new URL(suite.smtpUrl).port;
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

  it('fits a 390 px phone and 1366 px, light and dark, with no axe finding', async () => {
    for (const width of [1366, 390]) {
      for (const dark of [false, true]) {
        await asAdmin(
          async (page) => {
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            assert.ok(overflow <= 0, `no sideways scroll at ${width} px (${overflow} px too wide)`);
            assertNoFindings(await axeFindings(page), `${width} px ${dark ? 'dark' : 'light'}`);
            await page.screenshot({ path: path.join(repoRoot, 'e2e', 'artifacts', `integrations-${width}-${dark ? 'dark' : 'light'}.png`), fullPage: true });
          },
          width,
          dark,
        );
      }
    }
  });
});
