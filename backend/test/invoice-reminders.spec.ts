/**
 * Issue 36's daily invoice reminders on the real app, PostgreSQL and a real SMTP server: a run writes
 * the reminder each open invoice is owed (3 days before its due date; the day after it; then weekly)
 * and the practice's owners get it by email; a re-run, and two runs at once, send nothing twice; paid
 * and cancelled invoices, card orders and invoices not yet near their due date get none; a reminder
 * whose invoice was paid before its email went out is not sent; a run walks in keyset batches.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { InvoiceReminders } from '../src/invoices/invoice-reminders.js';
import { eventually } from './eventually.js';
import { SHIPPING } from './orders-fixtures.js';
import { PracticeWorld } from './practices-fixtures.js';

const w = new PracticeWorld();
let admin: TestAgent;
let reminders: InvoiceReminders;
beforeAll(async () => {
  await w.start('invoice_reminders');
  admin = request.agent(w.t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
  reminders = w.t.app.get(InvoiceReminders);
});
afterAll(() => w.stop());

const DAY = 86_400_000;

async function place(agent: TestAgent): Promise<string> {
  const body = { lines: [{ product_id: w.p.cheap.id, quantity: 1, unit_price: w.p.cheap.price }], shipping: SHIPPING };
  return (await agent.post('/api/orders').send(body).expect(201)).body.number as string;
}
/** Moves an order's due date to `days` from now (negative: past). */
const dueIn = (number: string, days: number) => w.t.dataSource.query(`UPDATE orders SET payment_due_at = now() + make_interval(secs => $2) WHERE number = $1`, [number, days * 86_400]);
const sentTo = (number: string) => w.received.filter((m) => m.subject.includes(`invoice ${number} `));

describe('the daily reminder run', () => {
  it('emails the owners the reminder each invoice is owed, once, whatever the re-runs', async () => {
    const owner = await w.register('remind_owner');
    await w.join(owner, 'remind_owner2', 'owner');
    const purchaser = await w.join(owner, 'remind_purchaser', 'purchaser');
    const id = (await owner.get('/api/practice').expect(200)).body.id;
    await admin.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 30, credit_limit: '10000.00' }).expect(200);
    const [soon, dayAfter, weekTwo, paid, far, dueToday, cancelled] = await Promise.all(Array.from({ length: 7 }, () => place(purchaser)));
    await dueIn(soon!, 2);
    await dueIn(dayAfter!, -1.5);
    await dueIn(weekTwo!, -9);
    await dueIn(paid!, -3);
    await dueIn(far!, 10);
    await dueIn(dueToday!, -0.5);
    await dueIn(cancelled!, -2);
    await admin.post(`/api/admin/orders/${paid}/payments`).send({ amount: '26.01', paid_on: new Date().toISOString().slice(0, 10) }).expect(201);
    await admin.post(`/api/admin/orders/${cancelled}/status`).send({ status: 'cancelled', note: 'test' }).expect(200);
    const card = await w.register('remind_card');
    const cardOrder = await place(card); // paid by card: no due date, never reminded

    const first = await reminders.run(undefined, 2); // batches of two: the keyset walk crosses several
    expect(first.batches).toBeGreaterThan(2);
    const stages = (await w.t.dataSource.query(
      `SELECT o.number, r.stage FROM invoice_reminders r JOIN orders o ON o.id = r.order_id WHERE o.practice_id = $1 ORDER BY o.number`,
      [id],
    )) as Array<{ number: string; stage: number }>;
    expect(Object.fromEntries(stages.map((s) => [s.number, s.stage]))).toEqual({ [soon!]: 0, [dayAfter!]: 1, [weekTwo!]: 2 });

    for (const number of [soon, dayAfter, weekTwo]) {
      const mails = await eventually(() => sentTo(number!), { what: `the reminder of ${number}`, accept: (m) => m.length > 0 });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toBe('remind_owner@practice.example, remind_owner2@practice.example');
      expect(mails[0]!.text).toContain(`Outstanding: $26.01`);
      expect(mails[0]!.text).toContain(`/api/orders/${number}/invoice.pdf`);
    }
    expect(sentTo(soon!)[0]!.subject).toMatch(new RegExp(`^Reminder: invoice ${soon} is due on \\w{3}, \\d{2} \\w{3} \\d{4} \\(\\$26\\.01 outstanding\\)$`));
    expect(sentTo(dayAfter!)[0]!.subject).toMatch(/^Overdue: invoice DM-\w+ was due on/);

    // again, and twice at once: nothing new
    const again = await Promise.all([reminders.run(), reminders.run(), reminders.run(undefined, 1)]);
    expect(again.map((r) => r.reminders)).toEqual([0, 0, 0]);
    for (const number of [paid, far, dueToday, cancelled, cardOrder]) expect([number, sentTo(number!).length]).toEqual([number, 0]);
    // a week on: each overdue one is owed its next reminder, the one due soon its first overdue one,
    // the one due then its first overdue one, the one far off its 'due soon'
    const later = await reminders.run(new Date(Date.now() + 7 * DAY));
    expect(later.reminders).toBe(5);
    const after = (await w.t.dataSource.query(
      `SELECT o.number, array_agg(r.stage ORDER BY r.stage) AS stages FROM invoice_reminders r JOIN orders o ON o.id = r.order_id WHERE o.practice_id = $1 GROUP BY o.number`,
      [id],
    )) as Array<{ number: string; stages: number[] }>;
    expect(Object.fromEntries(after.map((s) => [s.number, s.stages]))).toEqual({ [soon!]: [0, 1], [dayAfter!]: [1, 2], [weekTwo!]: [2, 3], [far!]: [0], [dueToday!]: [1] });
    await eventually(() => sentTo(weekTwo!), { what: 'the third reminder', accept: (m) => m.length === 2 });
    expect((await w.t.dataSource.query(`SELECT count(*)::int AS n FROM invoice_reminders r JOIN orders o ON o.id = r.order_id WHERE o.number = ANY($1)`, [[paid, cancelled]]))[0].n).toBe(0);
  });

  it('does not send a reminder whose invoice was paid before its email went out', async () => {
    const owner = await w.register('remind_late_owner');
    const id = (await owner.get('/api/practice').expect(200)).body.id;
    await admin.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 30, credit_limit: '10000.00' }).expect(200);
    const number = await place(owner);
    await dueIn(number, -2);
    // the reminder written directly (as a run would) while the invoice is paid in the same moment
    const [{ id: reminder }] = await w.t.dataSource.query(`INSERT INTO invoice_reminders (order_id, stage) SELECT id, 1 FROM orders WHERE number = $1 RETURNING id`, [number]);
    await admin.post(`/api/admin/orders/${number}/payments`).send({ amount: '26.01', paid_on: new Date().toISOString().slice(0, 10) }).expect(201);
    await reminders.deliver(reminder);
    expect((await w.t.dataSource.query(`SELECT sent_at IS NOT NULL AS done FROM invoice_reminders WHERE id = $1`, [reminder]))[0].done).toBe(true);
    expect(sentTo(number)).toHaveLength(0);
  });
});
