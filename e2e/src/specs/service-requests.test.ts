import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { repoRoot, startApp, type RunningApp } from '../app.js';
import { axeFindings, blocks, describeFindings } from '../axe.js';
import { DEMO_ADMIN, DEMO_CUSTOMER, launchBrowser, newContext, signIn } from '../browser.js';

/** One message as the SMTP server took it: the envelope's recipients and the raw message. */
interface Captured {
  to: string[];
  data: string;
}

/**
 * A local SMTP server that accepts every message and keeps it: the app sends through it (SMTP_URL),
 * as it would through a real one. It offers no STARTTLS and no AUTH, so nodemailer sends in plain.
 */
function smtpServer(received: Captured[]): net.Server {
  return net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP e2e');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          // dot-stuffing undone: a line the client began with '..' began with '.'
          received.push({ to, data: buffer.slice(0, end).replace(/^\.\./gm, '.') });
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 not implemented');
      }
    });
    socket.on('error', () => undefined); // the app's pool may drop a connection at shutdown
  });
}

/** A message's text: headers unfolded, quoted-printable soft breaks and escapes undone (nodemailer's encoding of the body). */
const decoded = (raw: string) =>
  raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

const received: Captured[] = [];
const smtp = smtpServer(received);
const suite = {} as { app: RunningApp; browser: Browser };

before(async () => {
  const port = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.address() as net.AddressInfo).port)));
  // both settle before either is kept: a failed start must not leave the other running
  const [app, browser] = await Promise.allSettled([startApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'DentalMarket <orders@e2e.example>' }), launchBrowser()]);
  if (app.status === 'fulfilled') suite.app = app.value;
  if (browser.status === 'fulfilled') suite.browser = browser.value;
  if (app.status === 'rejected') throw app.reason;
  if (browser.status === 'rejected') throw browser.reason;
});

after(async () => {
  await suite.browser?.close();
  await suite.app?.stop();
  await new Promise((resolve) => smtp.close(resolve));
});

/** Waits for the job queue to hand the app's email to the SMTP server: the first message to `to` whose decoded text matches. */
async function waitForEmail(to: string, pattern: RegExp): Promise<string> {
  for (;;) {
    const found = received.filter((m) => m.to.includes(to)).map((m) => decoded(m.data)).find((text) => pattern.test(text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function withContext<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, { account, width = 1366, dark = false }: { account?: typeof DEMO_ADMIN; width?: number; dark?: boolean } = {}): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, width, width < 768 ? 844 : 900);
  try {
    if (account) await signIn(context, account);
    const page = await context.newPage();
    // the settings the Settings tab saves: light or dark, no debug tool over the page (as on a shopper's browser)
    await page.goto('/api/health/ready');
    await page.evaluate((darkMode) => {
      const debugging = { showCartDebugger: false, showProductDebugPanel: false, verboseConsoleLogging: false, debugAlerts: false };
      localStorage.setItem('dental-marketplace-settings', JSON.stringify({ debugging, display: { showProductTypes: false, compactProductCards: false, darkMode }, performance: { lazyLoadImages: true, minimalAnimations: false } }));
      for (const flag of Object.keys(debugging)) localStorage.setItem(flag, 'false');
    }, dark);
    return await fn(page, context);
  } finally {
    await context.close();
  }
}

/** The first service card of the marketplace and the dialog its 'Request Service' opens. */
async function openRequestDialog(page: Page) {
  await page.goto('/marketplace?type=service');
  await page.getByRole('heading', { level: 1, name: 'IT Services' }).waitFor();
  const card = page.locator('article').filter({ has: page.getByRole('button', { name: 'Request Service' }) }).first();
  const name = (await card.getByRole('heading').first().innerText()).trim();
  await card.getByRole('button', { name: 'Request Service' }).click();
  const dialog = page.getByRole('dialog', { name: `Request ${name}` });
  await dialog.getByLabel('Practice name').waitFor();
  return { dialog, name };
}

/** Sends the filled dialog; resolves to the request's number the API answered with. */
async function send(page: Page, dialog: ReturnType<Page['getByRole']>): Promise<string> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/service-requests' && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const response = await answered;
  assert.equal(response.status(), 201, await response.text());
  const { number } = (await response.json()) as { number: string };
  assert.match(number, /^SR-[0-9A-Z]{6}$/);
  await page.getByText('Service request sent').waitFor();
  await page.getByText(`We will contact you about ${number}.`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  return number;
}

async function assertNoBlockingFindings(page: Page, what: string) {
  const findings = (await axeFindings(page)).filter(blocks);
  assert.deepEqual(findings, [], `${what}: ${describeFindings(findings)}`);
}

/** Orders → Service requests in /admin, the request found by its number and its drawer opened. */
async function openInAdmin(page: Page, number: string) {
  await page.goto('/admin?tab=orders');
  await page.getByRole('button', { name: 'Service requests' }).click();
  await page.getByRole('searchbox', { name: 'Search service requests by number, email, practice or contact' }).fill(number);
  await page.getByRole('gridcell').getByRole('button', { name: number, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Service request ${number}` });
  await drawer.getByRole('region', { name: 'Status history' }).waitFor();
  return drawer;
}

const GUEST_EMAIL = 'front.desk@harbour-dental.example';
const QUOTE_NOTE = 'Includes the written report and a follow-up visit.';

describe('service requests', () => {
  it('a guest requests a service and the admin moves it to quoted (the email is captured)', { timeout: 180_000 }, async () => {
    const { number, name } = await withContext(async (page) => {
      const posted: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/service-requests') posted.push(request.url());
      });
      const { dialog, name } = await openRequestDialog(page);
      await assertNoBlockingFindings(page, 'the Request Service dialog');
      await dialog.getByLabel('Contact name').fill('Dana Lee');
      await dialog.getByLabel('Email').fill(GUEST_EMAIL);
      await dialog.getByLabel('Phone').fill('+1 503 555 0100');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await dialog.getByText('Practice name is required').waitFor();
      assert.equal(await dialog.getByLabel('Practice name').evaluate((input) => input === document.activeElement), true, 'the refused field takes focus');
      assert.deepEqual(posted, [], 'nothing is sent while a required field is empty');
      await dialog.getByLabel('Practice name').fill('Harbour Dental Practice');
      await dialog.getByLabel('Message').fill('Two surgeries, mornings preferred.');
      return { number: await send(page, dialog), name };
    });

    // the supplier is told (no SUPPLIER_EMAIL here: the enabled admins are)
    const supplier = await waitForEmail('admin@dentalmarket.example', new RegExp(`^Subject: New service request ${number}`, 'm'));
    assert.ok(supplier.includes('Practice: Harbour Dental Practice') && supplier.includes('Two surgeries, mornings preferred.'));

    await withContext(
      async (page) => {
        const drawer = await openInAdmin(page, number);
        for (const text of ['Harbour Dental Practice', 'Dana Lee', GUEST_EMAIL, '+1 503 555 0100', 'Two surgeries, mornings preferred.']) await drawer.getByText(text, { exact: true }).waitFor();
        await assertNoBlockingFindings(page, 'the service request drawer');
        const actions = drawer.getByRole('region', { name: 'Status' }).getByRole('button');
        assert.deepEqual(await actions.allTextContents(), ['Mark contacted', 'Mark lost'], 'only the steps allowed from new');
        await drawer.getByRole('button', { name: 'Mark contacted' }).click();
        await page.getByText(`${number} is now contacted.`).waitFor();
        await drawer.getByRole('button', { name: 'Send quote' }).click();
        const quote = page.getByRole('dialog', { name: `Send quote for ${number}` });
        await quote.getByLabel('Amount').fill('1,200.00');
        await quote.getByLabel('Note (optional)').fill(QUOTE_NOTE);
        const changed = page.waitForResponse((r) => r.url().endsWith(`/api/admin/service-requests/${number}/status`));
        await quote.getByRole('button', { name: 'Send quote' }).click();
        assert.deepEqual(JSON.parse((await changed).request().postData() ?? '{}'), { status: 'quoted', amount: '1200.00', note: QUOTE_NOTE });
        await page.getByText(`${number} is now quoted.`).waitFor();
        const shown = drawer.getByRole('region', { name: 'Quote' });
        await shown.getByText('$1,200.00').waitFor();
        await shown.getByText(QUOTE_NOTE).waitFor();
        await drawer.getByRole('region', { name: 'Status history' }).getByText('Contacted → Quoted').waitFor();
        // the grid's row says it too
        await page.getByRole('row').filter({ hasText: number }).getByText('$1,200.00').waitFor();
      },
      { account: DEMO_ADMIN },
    );

    const email = await waitForEmail(GUEST_EMAIL, new RegExp(`^Subject: Your quote for .*\\(${number}\\)`, 'm'));
    assert.ok(email.includes('Quote: $1200.00'), 'the email gives the amount');
    assert.ok(email.includes(`Note: ${QUOTE_NOTE}`), "the email gives the supplier's note");
    assert.ok(email.includes(`Service: ${name}`), 'the email names the service');
  });

  it('a signed-in customer finds the dialog filled in and the request under Orders', { timeout: 120_000 }, async () => {
    await withContext(
      async (page) => {
        const { dialog, name } = await openRequestDialog(page);
        assert.equal(await dialog.getByLabel('Contact name').inputValue(), 'Dr. Jane Smith');
        assert.equal(await dialog.getByLabel('Email').inputValue(), 'dr.smith@dentalmarket.example');
        await dialog.getByLabel('Practice name').fill('Smith Family Dentistry');
        await dialog.getByLabel('Phone').fill('(503) 555-0199');
        const number = await send(page, dialog);
        await page.goto('/orders');
        const section = page.getByRole('region', { name: 'Service requests' });
        const row = section.getByRole('row').filter({ hasText: number });
        await row.getByText(name).waitFor();
        await row.getByText('New', { exact: true }).waitFor();
        await assertNoBlockingFindings(page, '/orders with service requests');
      },
      { account: DEMO_CUSTOMER },
    );
  });

  it('screenshots (e2e/artifacts, git-ignored) of the dialog, /orders and the admin view at 1366 and 390 px, light and dark', { timeout: 300_000 }, async () => {
    const dir = path.join(repoRoot, 'e2e', 'artifacts');
    fs.mkdirSync(dir, { recursive: true });
    const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
    // the toasts and transitions settle before each picture
    const settle = (page: Page) => page.waitForTimeout(400);
    let number = '';
    for (const width of [1366, 390]) {
      for (const dark of [false, true]) {
        const tag = `${width}-${dark ? 'dark' : 'light'}`;
        await withContext(
          async (page) => {
            const { dialog } = await openRequestDialog(page);
            await dialog.getByRole('button', { name: 'Send request' }).click();
            await dialog.getByText('Practice name is required').waitFor();
            await settle(page);
            await shot(page, `service-request-dialog-${tag}`);
            await page.goto('/orders');
            await page.getByRole('region', { name: 'Service requests' }).getByRole('table').waitFor();
            await settle(page);
            await shot(page, `service-requests-orders-${tag}`, true);
            number ||= (await page.getByRole('region', { name: 'Service requests' }).getByText(/^SR-/).first().innerText()).trim();
          },
          { account: DEMO_CUSTOMER, width, dark },
        );
        await withContext(
          async (page) => {
            await page.goto('/admin?tab=orders');
            await page.getByRole('button', { name: 'Service requests' }).click();
            await page.getByRole('gridcell').getByRole('button', { name: /^SR-/ }).first().waitFor();
            await settle(page);
            await shot(page, `service-requests-admin-${tag}`);
            const drawer = await openInAdmin(page, number);
            await drawer.getByText('Smith Family Dentistry').waitFor();
            await settle(page);
            await shot(page, `service-request-drawer-${tag}`);
          },
          { account: DEMO_ADMIN, width, dark },
        );
      }
    }
    assert.ok(fs.existsSync(path.join(dir, 'service-request-drawer-390-dark.png')));
  });
});
