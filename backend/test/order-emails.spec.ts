import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { insertTestProducts, SHIPPING, signIn, startOrdersApp, type OrdersTestApp, type TestProducts } from './orders-fixtures.js';
import { eventually } from './eventually.js';

interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** A real SMTP server on localhost that keeps every message it accepts. */
function smtpServer(received: Received[]) {
  return new SMTPServer({
    closeTimeout: 200, // the mailer's pooled connections are cut at once when the test server closes (default: 30 s)
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: String((mail.to as { text: string }).text), subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '', messageId: mail.messageId ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
}

const listen = (server: SMTPServer, port = 0) => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)));
const close = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Polls until `condition` holds (the queue works in the background); fails with `what` after 60 s. */
/** Waits until `condition` holds (the queue works in the background); fails naming `what`. */
const until = (condition: () => boolean | Promise<boolean>, what: string) => eventually(condition, { what });

/** The shop's public origin the emails link to (PUBLIC_URL). */
const SHOP = 'https://shop.test.example';

/** The email's link to the order, in its text part and as an anchor of its HTML part. */
function expectLink(mail: Received, url: string, label: string): void {
  expect(mail.text).toContain(url);
  expect(mail.html).toContain(`<a href="${url}">${label}</a>`);
}

describe('order emails through the pg-boss outbox and a real SMTP server', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let port: number;
  let t: OrdersTestApp;
  let p: TestProducts;

  beforeAll(async () => {
    smtp = smtpServer(received);
    port = await listen(smtp);
    t = await startOrdersApp('order_emails', { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'DentalMarket <orders@test.example>', PUBLIC_URL: SHOP });
    p = await insertTestProducts(t.dataSource);
  });

  afterAll(async () => {
    await t?.close();
    await t?.drop();
    await close(smtp);
  });

  it('sends the confirmation to the shopper with the number, the lines and the totals, and one email per status change', async () => {
    const placed = await request(t.http)
      .post('/api/orders')
      .send({ lines: [{ product_id: p.chair.id, quantity: 2, unit_price: '1299.99' }, { product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING })
      .expect(201);
    const number: string = placed.body.number;
    await until(() => received.some((m) => m.subject.includes(number)), 'the confirmation');
    const confirmation = received.find((m) => m.subject.includes(number))!;
    expect(confirmation.to).toBe(SHIPPING.email);
    expect(confirmation.subject).toBe(`Your DentalMarket order ${number} is confirmed`);
    for (const text of [`Order number: ${number}`, '2 × Order Test Chair (Testmaker) at $1299.99 = $2599.98', '1 × Order Test Bur (Testmaker) at $10.19 = $10.19', 'Subtotal: $2610.17', 'Shipping: $15.00', 'Tax: $208.81', 'Total: $2833.98 USD', '12 Harbour Street', 'Portland, OR 97201']) {
      expect(confirmation.text).toContain(text);
    }

    const admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
    await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'processing' }).expect(200);
    await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784' }).expect(200);
    await until(() => received.filter((m) => m.subject.includes(number)).length === 3, 'the status emails');
    const shipped = received.find((m) => m.subject === `Your DentalMarket order ${number} has shipped`)!;
    expect(shipped.text).toContain('Carrier: UPS');
    expect(shipped.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(shipped.html).toContain('Tracking number: 1Z999AA10123456784');
  });

  it("links a guest's confirmation and status emails to the order look-up with the number filled in", async () => {
    const placed = await request(t.http).post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    const number: string = placed.body.number;
    const admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
    await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'processing' }).expect(200);
    await until(() => received.filter((m) => m.subject.includes(number)).length === 2, 'the confirmation and the status email');
    for (const mail of received.filter((m) => m.subject.includes(number))) {
      expectLink(mail, `${SHOP}/orders/lookup?number=${number}`, 'Look up your order');
      expect(mail.text).toContain(`Look up your order (with its number and this email address): ${SHOP}/orders/lookup?number=${number}`);
      expect(mail.html).toContain(`Order number: ${number}`);
      expect(mail.html).toContain('Total: $26.01 USD');
    }
  });

  it('sends the email of a checkout whose outbox row a crashed instance left, once, and leaves the outbox empty', async () => {
    // what an instance that died after the order's commit and before its relay leaves behind
    const [order] = await t.dataSource.query(
      `INSERT INTO orders (number, email, full_name, address, city, state, zip_code, subtotal_cents, shipping_cents, tax_cents, total_cents)
       VALUES ('DM-CRASH1', 'crash@example.com', 'Left Behind', '1 Road', 'Town', 'ST', '12345', 1019, 1500, 82, 2601) RETURNING id`,
    );
    await t.dataSource.query(`INSERT INTO order_lines (order_id, position, product_id, name, manufacturer, unit_price_cents, quantity) VALUES ($1, 1, $2, 'Order Test Bur', 'Testmaker', 1019, 1)`, [order.id, p.cheap.id]);
    const [event] = await t.dataSource.query(`INSERT INTO order_events (id, order_id, to_status, actor) VALUES (gen_random_uuid(), $1, 'placed', 'guest') RETURNING id`, [order.id]);
    await t.dataSource.query(`INSERT INTO order_email_outbox (event_id) VALUES ($1)`, [event.id]);
    await until(() => received.some((m) => m.subject.includes('DM-CRASH1')), 'the left-behind email');
    await until(async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM order_email_outbox`))[0].n === 0, 'the outbox to empty');
    // a further sweep (what the relay's timer runs) finds nothing to move, and the queue's jobs are all done
    const { OrderEmailQueue } = await import('../src/mail/order-email.queue.js');
    expect(await t.app.get(OrderEmailQueue).relayAll()).toBe(0);
    await until(async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'order-email' AND state <> 'completed'`))[0].n === 0, 'the queue to drain');
    expect(received.filter((m) => m.subject.includes('DM-CRASH1'))).toHaveLength(1);
    await t.dataSource.query(`DELETE FROM orders WHERE id = $1`, [order.id]);
    await t.dataSource.query(`DELETE FROM order_emails_sent WHERE event_id = $1`, [event.id]);
  });

  it('holds every email through an SMTP outage and sends each exactly once when the server is back', async () => {
    await close(smtp);
    const before = received.length;
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(t.http).post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: i + 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
      numbers.push(res.body.number);
    }
    // the worker has tried and failed: every job is waiting for a retry
    await until(async () => {
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'order-email' AND state = 'retry'`);
      return n === 5;
    }, 'the failed attempts');
    expect(received.length).toBe(before);

    smtp = smtpServer(received);
    await listen(smtp, port);
    await until(async () => {
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'order-email' AND state <> 'completed'`);
      return n === 0;
    }, 'the queue to drain');
    const after = received.slice(before);
    expect(after.map((m) => m.subject).sort()).toEqual(numbers.map((n) => `Your DentalMarket order ${n} is confirmed`).sort());
    expect(new Set(after.map((m) => m.messageId)).size).toBe(5);
    const [{ sent }] = await t.dataSource.query(`SELECT count(*)::int AS sent FROM order_emails_sent`);
    expect(sent).toBe(10); // the first two tests' 3 + 2, these 5
  });

  it('sends nothing twice: delivering an event again (a retried job) finds its sent-marker', async () => {
    const [event] = await t.dataSource.query(`SELECT event_id FROM order_emails_sent LIMIT 1`);
    const count = received.length;
    const { OrderEmailQueue } = await import('../src/mail/order-email.queue.js');
    await t.app.get(OrderEmailQueue).deliver(event.event_id);
    expect(received.length).toBe(count);
  });

  it("links a signed-in customer's emails to the order's page in their account, not to the look-up", async () => {
    const customer = request.agent(t.http);
    await customer.post('/api/register').send({ username: 'email.linker', email: 'linker@practice.example', full_name: 'Dr. Link', password: 'Linker passphrase 2026' }).expect(201);
    const placed = await customer.post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    const number: string = placed.body.number;
    const admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
    await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'cancelled', note: 'ordered twice' }).expect(200);
    await until(() => received.filter((m) => m.subject.includes(number)).length === 2, "the customer's two emails");
    for (const mail of received.filter((m) => m.subject.includes(number))) {
      expectLink(mail, `${SHOP}/orders/${number}`, 'View your order');
      expect(mail.text).not.toContain('/orders/lookup');
    }
  });
});

describe('without SMTP_URL', () => {
  it('writes each email as an .eml file under DATA_DIR/mail and logs where', async () => {
    const t = await startOrdersApp('order_emails_eml', { SMTP_URL: '' });
    try {
      const p = await insertTestProducts(t.dataSource);
      const res = await request(t.http).post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
      const dir = t.config.mail.dir;
      expect(dir).toBe(path.join(t.config.dataDir, 'mail'));
      await until(() => fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.startsWith(`${res.body.number}-placed-`)), 'the .eml file');
      const file = fs.readdirSync(dir).find((f) => f.startsWith(`${res.body.number}-placed-`))!;
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      expect(mail.subject).toBe(`Your DentalMarket order ${res.body.number} is confirmed`);
      expect(mail.text).toContain('Total: $26.01 USD');
      await until(() => t.logs().includes(path.join(dir, file)), 'the log line');
    } finally {
      await t.close();
      await t.drop();
    }
  });
});
