/**
 * Issue 36's invoice terms on the real app and PostgreSQL: the admin sets a practice's terms (card,
 * or invoice net N days within a credit limit; bad input a 400 naming the field; admins only); an
 * invoice practice's order is placed with a payment due date and counts in the open balance; an
 * order over the remaining credit is refused (409 naming the limit), also at approval; concurrent
 * checkouts of one practice never exceed the limit together.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { eventually } from './eventually.js';
import { SHIPPING } from './orders-fixtures.js';
import { PracticeWorld } from './practices-fixtures.js';

const w = new PracticeWorld();
let admin: TestAgent;
beforeAll(async () => {
  await w.start('invoice_terms');
  admin = request.agent(w.t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
});
afterAll(() => w.stop());

const order = (quantity = 1, product = w.p.cheap) => ({ lines: [{ product_id: product.id, quantity, unit_price: product.price }], shipping: SHIPPING });
const practiceId = async (agent: TestAgent) => (await agent.get('/api/practice').expect(200)).body.id as number;

describe('payment terms', () => {
  it('the admin sets invoice terms; the members read them and their open balance; bad input is a 400 naming the field; only admins', async () => {
    const owner = await w.register('terms_owner');
    const id = await practiceId(owner);
    expect((await admin.get(`/api/admin/practices/${id}/terms`).expect(200)).body).toEqual({ practice_id: id, name: 'terms_owner', payment_terms: 'card', net_days: null, credit_limit: null, open_balance: '0.00' });
    for (const [body, field] of [
      [{ payment_terms: 'invoice' }, 'net_days'],
      [{ payment_terms: 'invoice', net_days: 30 }, 'credit_limit'],
      [{ payment_terms: 'invoice', net_days: 0, credit_limit: '100' }, 'net_days'],
      [{ payment_terms: 'invoice', net_days: 121, credit_limit: '100' }, 'net_days'],
      [{ payment_terms: 'invoice', net_days: 30, credit_limit: '-1' }, 'credit_limit'],
      [{ payment_terms: 'cheque' }, 'payment_terms'],
    ] as const) {
      expect([field, JSON.stringify((await admin.put(`/api/admin/practices/${id}/terms`).send(body).expect(400)).body.message)]).toEqual([field, expect.stringContaining(field)]);
    }
    await admin.put('/api/admin/practices/2147483000/terms').send({ payment_terms: 'card' }).expect(404);
    await admin.get('/api/admin/practices/abc/terms').expect(400);
    await owner.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 30, credit_limit: '100000' }).expect(403);
    await request(w.t.http).get(`/api/admin/practices/${id}/terms`).expect(401);
    const set = (await admin.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 30, credit_limit: '500' }).expect(200)).body;
    expect(set).toMatchObject({ payment_terms: 'invoice', net_days: 30, credit_limit: '500.00', open_balance: '0.00' });
    expect((await owner.get('/api/practice').expect(200)).body).toMatchObject({ payment_terms: 'invoice', net_days: 30, credit_limit: '500.00', open_balance: '0.00' });
  });

  it('an invoice order is placed with its due date and counts in the open balance; one over the remaining credit is refused naming the limit', async () => {
    const owner = await w.register('invoice_owner');
    const id = await practiceId(owner);
    await admin.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 14, credit_limit: '100.00' }).expect(200);
    const placed = (await owner.post('/api/orders').send(order(5)).expect(201)).body; // 50.95 + 15 + 4.08 = 70.03
    expect(placed.status).toBe('placed');
    expect(Math.abs(Date.parse(placed.payment_due_at) - Date.parse(placed.created_at) - 14 * 86_400_000)).toBeLessThan(60_000);
    expect((await owner.get('/api/practice').expect(200)).body.open_balance).toBe('70.03');
    const refused = (await owner.post('/api/orders').send(order(2)).expect(409)).body; // 20.38 + 15 + 1.63 = 37.01 > 29.97 left
    expect(refused.message).toBe(
      "This order's total of $37.01 is over your practice's remaining credit of $29.97 (credit limit $100.00 on invoice terms): pay open invoices or ask DentalMarket to raise the limit",
    );
    expect((await owner.get('/api/orders').expect(200)).body.total).toBe(1);
    const mail = (await eventually(() => w.received.find((m) => m.subject.includes(`${placed.number} is confirmed`)), { what: 'the confirmation' }))!;
    expect(mail.text).toMatch(/Payment: by invoice, due \w{3}, \d{2} \w{3} \d{4}/);
    // a cancelled invoice leaves the balance: the second order fits then
    await admin.post(`/api/admin/orders/${placed.number}/status`).send({ status: 'cancelled', note: 'test' }).expect(200);
    expect((await owner.post('/api/orders').send(order(2)).expect(201)).body.payment_due_at).not.toBeNull();
    // a card practice's orders have no due date
    const card = await w.register('card_owner');
    expect((await card.post('/api/orders').send(order(1)).expect(201)).body.payment_due_at).toBeNull();
  });

  it('20 concurrent checkouts of one practice never exceed its credit together', async () => {
    const owner = await w.register('race_invoice_owner');
    const id = await practiceId(owner);
    await admin.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 30, credit_limit: '150.00' }).expect(200);
    // each 37.01: four fit in 150.00 (148.04), the fifth does not
    const answers = await Promise.all(Array.from({ length: 20 }, () => owner.post('/api/orders').send(order(2))));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(4).fill(201), ...Array(16).fill(409)]);
    expect((await admin.get(`/api/admin/practices/${id}/terms`).expect(200)).body.open_balance).toBe('148.04');
  });

  it('an order awaiting approval takes credit only when approved, and is refused then if it no longer fits', async () => {
    const owner = await w.register('invoice_approver');
    const assistant = await w.join(owner, 'invoice_assistant', 'assistant');
    const id = await practiceId(owner);
    await owner.patch('/api/practice').send({ approvals_enabled: true }).expect(200);
    await admin.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 30, credit_limit: '80.00' }).expect(200);
    const first = (await assistant.post('/api/orders').send(order(2)).expect(201)).body; // 37.01
    const second = (await assistant.post('/api/orders').send(order(2)).expect(201)).body;
    expect([first.status, first.payment_due_at]).toEqual(['awaiting_approval', null]);
    expect((await owner.get('/api/practice').expect(200)).body.open_balance).toBe('0.00');
    expect((await owner.post(`/api/orders/${first.number}/approve`).expect(200)).body.payment_due_at).not.toBeNull();
    await owner.post('/api/orders').send(order(1)).expect(201); // 26.01: 63.02 open
    expect((await owner.post(`/api/orders/${second.number}/approve`).expect(409)).body.message).toContain('remaining credit of $16.98 (credit limit $80.00');
    expect((await owner.get(`/api/orders/${second.number}`).expect(200)).body.status).toBe('awaiting_approval');
  });
});
