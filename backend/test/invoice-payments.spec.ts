/**
 * Issue 36's invoices after checkout, on the real app and PostgreSQL: the admin records payments
 * (partial, full, over-payment refused with a 409 naming what is outstanding, two at once never
 * paying more than the total); the open balance counts what is outstanding; the shopper sees the
 * invoice paid; the Orders tab's overdue filter pages the overdue invoices, longest overdue first,
 * and the dashboard counts them; the PDF invoice for the practice's members and the admin.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { SHIPPING } from './orders-fixtures.js';
import { pdfText } from './pdf-text.js';
import { PracticeWorld } from './practices-fixtures.js';

const w = new PracticeWorld();
let admin: TestAgent;
beforeAll(async () => {
  await w.start('invoice_payments');
  admin = request.agent(w.t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
});
afterAll(() => w.stop());

const order = (quantity = 5, po?: string) => ({ lines: [{ product_id: w.p.cheap.id, quantity, unit_price: w.p.cheap.price }], shipping: SHIPPING, ...(po ? { po_number: po } : {}) });
const today = () => new Date().toISOString().slice(0, 10);

/** A new practice on invoice terms (net 14, $10,000): its owner's agent and id. */
async function invoicePractice(name: string): Promise<{ owner: TestAgent; id: number }> {
  const owner = await w.register(name);
  const id = (await owner.get('/api/practice').expect(200)).body.id as number;
  await admin.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 14, credit_limit: '10000.00' }).expect(200);
  return { owner, id };
}

describe('payments', () => {
  it('records a partial then the final payment: outstanding, open balance and paid_at follow; the shopper sees it paid', async () => {
    const { owner, id } = await invoicePractice('pay_owner');
    const placed = (await owner.post('/api/orders').send(order()).expect(201)).body; // 70.03
    expect([placed.amount_paid, placed.paid_at]).toEqual(['0.00', null]);
    const empty = (await admin.get(`/api/admin/orders/${placed.number}/payments`).expect(200)).body;
    expect(empty).toMatchObject({ number: placed.number, total: '70.03', amount_paid: '0.00', outstanding: '70.03', paid_at: null, payments: [] });

    const partial = (await admin.post(`/api/admin/orders/${placed.number}/payments`).send({ amount: '30', paid_on: today(), reference: ' Cheque 4512 ' }).expect(201)).body;
    expect(partial).toMatchObject({ amount_paid: '30.00', outstanding: '40.03', paid_at: null });
    expect(partial.payments).toEqual([{ id: expect.any(Number), amount: '30.00', paid_on: today(), reference: 'Cheque 4512', note: null, recorded_by: 'admin', created_at: expect.any(String) }]);
    expect((await admin.get(`/api/admin/practices/${id}/terms`).expect(200)).body.open_balance).toBe('40.03');
    expect((await owner.get(`/api/orders/${placed.number}`).expect(200)).body).toMatchObject({ amount_paid: '30.00', paid_at: null });

    const over = (await admin.post(`/api/admin/orders/${placed.number}/payments`).send({ amount: '40.04', paid_on: today() }).expect(409)).body;
    expect(over.message).toBe(`A payment of $40.04 is more than the $40.03 outstanding on order ${placed.number}: record at most what is outstanding`);

    const full = (await admin.post(`/api/admin/orders/${placed.number}/payments`).send({ amount: '40.03', paid_on: today(), note: 'Transfer' }).expect(201)).body;
    expect(full).toMatchObject({ amount_paid: '70.03', outstanding: '0.00', paid_at: expect.any(String) });
    expect(full.payments.map((p: { amount: string }) => p.amount)).toEqual(['30.00', '40.03']);
    expect((await admin.get(`/api/admin/practices/${id}/terms`).expect(200)).body.open_balance).toBe('0.00');
    const seen = (await owner.get(`/api/orders/${placed.number}`).expect(200)).body;
    expect(seen).toMatchObject({ amount_paid: '70.03', paid_at: full.paid_at });
    expect((await owner.get('/api/orders').expect(200)).body.orders[0]).toMatchObject({ number: placed.number, outstanding: '0.00', paid_at: full.paid_at });
    expect((await admin.post(`/api/admin/orders/${placed.number}/payments`).send({ amount: '0.01', paid_on: today() }).expect(409)).body.message).toBe(
      `Order ${placed.number} is paid in full: there is nothing outstanding`,
    );
  });

  it('bad input is a 400 naming the field; a card order, a cancelled invoice and an unknown number are refused; admins only', async () => {
    const { owner } = await invoicePractice('pay_bad_owner');
    const placed = (await owner.post('/api/orders').send(order(1)).expect(201)).body;
    const url = `/api/admin/orders/${placed.number}/payments`;
    for (const [body, field] of [
      [{ paid_on: today() }, 'amount'],
      [{ amount: '-1', paid_on: today() }, 'amount'],
      [{ amount: '1.234', paid_on: today() }, 'amount'],
      [{ amount: '0', paid_on: today() }, 'amount'],
      [{ amount: '1' }, 'paid_on'],
      [{ amount: '1', paid_on: '2026-02-30' }, 'paid_on'],
      [{ amount: '1', paid_on: '2999-01-01' }, 'paid_on'],
      [{ amount: '1', paid_on: today(), reference: 'x'.repeat(101) }, 'reference'],
      [{ amount: '1', paid_on: today(), note: 'x'.repeat(1001) }, 'note'],
    ] as const) {
      expect([field, JSON.stringify((await admin.post(url).send(body).expect(400)).body.message)]).toEqual([field, expect.stringContaining(field)]);
    }
    await owner.post(url).send({ amount: '1', paid_on: today() }).expect(403);
    await request(w.t.http).get(url).expect(401);
    await admin.post('/api/admin/orders/DM-ZZZZZZ/payments').send({ amount: '1', paid_on: today() }).expect(404);
    const card = await w.register('pay_card_owner');
    const cardOrder = (await card.post('/api/orders').send(order(1)).expect(201)).body;
    expect(cardOrder).toMatchObject({ amount_paid: cardOrder.total, paid_at: null });
    expect((await admin.post(`/api/admin/orders/${cardOrder.number}/payments`).send({ amount: '1', paid_on: today() }).expect(409)).body.message).toContain('paid by card');
    await admin.post(`/api/admin/orders/${placed.number}/status`).send({ status: 'cancelled', note: 'test' }).expect(200);
    expect((await admin.post(url).send({ amount: '1', paid_on: today() }).expect(409)).body.message).toContain('is cancelled');
    expect((await admin.get(url).expect(200)).body.outstanding).toBe('0.00');
  });

  it('two payments at once that together exceed the total: one is recorded, the other refused; nothing is paid twice', async () => {
    const { owner } = await invoicePractice('pay_race_owner');
    const placed = (await owner.post('/api/orders').send(order()).expect(201)).body; // 70.03
    const url = `/api/admin/orders/${placed.number}/payments`;
    const answers = await Promise.all([admin.post(url).send({ amount: '50.00', paid_on: today() }), admin.post(url).send({ amount: '50.00', paid_on: today() })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const state = (await admin.get(url).expect(200)).body;
    expect([state.amount_paid, state.outstanding, state.payments.length]).toEqual(['50.00', '20.03', 1]);
    // two that fit together both land, and pay it in full
    const both = await Promise.all([admin.post(url).send({ amount: '10.03', paid_on: today() }), admin.post(url).send({ amount: '10.00', paid_on: today() })]);
    expect(both.map((a) => a.status)).toEqual([201, 201]);
    expect((await admin.get(url).expect(200)).body).toMatchObject({ amount_paid: '70.03', outstanding: '0.00', paid_at: expect.any(String) });
  });
});

describe('overdue invoices', () => {
  it('the overdue filter pages the unpaid invoices past due, longest overdue first; the dashboard counts them', async () => {
    const { owner } = await invoicePractice('overdue_owner');
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) numbers.push((await owner.post('/api/orders').send(order(1)).expect(201)).body.number);
    const before = (await admin.get('/api/admin/orders/stats').expect(200)).body;
    // three past due (by 3, 2 and 1 days), one paid in part, one due in the future
    for (const [i, days] of [[0, 3], [1, 2], [2, 1]] as const) await w.t.dataSource.query(`UPDATE orders SET payment_due_at = now() - make_interval(days => $2) WHERE number = $1`, [numbers[i], days]);
    await w.t.dataSource.query(`UPDATE orders SET payment_due_at = now() - interval '4 days' WHERE number = $1`, [numbers[3]]);
    await admin.post(`/api/admin/orders/${numbers[3]}/payments`).send({ amount: '26.01', paid_on: today() }).expect(201);
    const page1 = (await admin.get('/api/admin/orders?overdue=true&limit=2&page=1').expect(200)).body;
    const page2 = (await admin.get('/api/admin/orders?overdue=true&limit=2&page=2').expect(200)).body;
    const ours = (rows: Array<{ number: string }>) => rows.map((r) => r.number).filter((n) => numbers.includes(n));
    expect(page1.total).toBe(before.overdue_invoices + 3);
    expect([...ours(page1.orders), ...ours(page2.orders)]).toEqual([numbers[0], numbers[1], numbers[2]]);
    expect(page1.orders[0]).toMatchObject({ payment_due_at: expect.any(String), paid_at: null, outstanding: '26.01' });
    const after = (await admin.get('/api/admin/orders/stats').expect(200)).body;
    expect(after.overdue_invoices).toBe(before.overdue_invoices + 3);
    expect(Number(after.overdue_amount) - Number(before.overdue_amount)).toBeCloseTo(3 * 26.01, 2);
    expect((await admin.get('/api/admin/orders?overdue=maybe').expect(400)).body.message).toEqual(expect.arrayContaining([expect.stringContaining('overdue')]));
    // a search within the overdue ones
    expect(ours((await admin.get(`/api/admin/orders?overdue=true&q=${numbers[1]}`).expect(200)).body.orders)).toEqual([numbers[1]]);
  });
});

describe('the PDF invoice', () => {
  it("any member of the practice and the admin download it; it says the number, lines, totals, due date and PO; another practice's members get 404", async () => {
    const { owner } = await invoicePractice('pdf_owner');
    const purchaser = await w.join(owner, 'pdf_purchaser', 'purchaser');
    const other = await w.register('pdf_other');
    const placed = (await purchaser.post('/api/orders').send(order(3, 'PO-7781')).expect(201)).body; // 30.57 + 15 + 2.45 = 48.02
    const url = `/api/orders/${placed.number}/invoice.pdf`;
    const binary = (agent: TestAgent | ReturnType<typeof request>, path: string) => agent.get(path).buffer(true).parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
    const mine = await binary(owner, url).expect(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="invoice-${placed.number}.pdf"`);
    const text = pdfText(mine.body as Buffer);
    const due = new Date(placed.payment_due_at).toUTCString().slice(0, 16);
    for (const expected of [placed.number, 'Order Test Bur', '$10.19', '$30.57', 'Subtotal', '$48.02', '$15.00', '$2.45', due, 'PO-7781', 'pdf_owner', 'Outstanding']) {
      expect([expected, text.includes(expected)]).toEqual([expected, true]);
    }
    await binary(purchaser, url).expect(200);
    const missing = (await other.get('/api/orders/DM-ZZZZZZ/invoice.pdf').expect(404)).body;
    expect((await other.get(url).expect(404)).body).toEqual(missing);
    await request(w.t.http).get(url).expect(401);
    const asAdmin = await binary(admin, `/api/admin/orders/${placed.number}/invoice.pdf`).expect(200);
    expect(pdfText(asAdmin.body as Buffer)).toContain(placed.number);
    await owner.get(`/api/admin/orders/${placed.number}/invoice.pdf`).expect(403);
    // paid in full, it says so
    await admin.post(`/api/admin/orders/${placed.number}/payments`).send({ amount: '48.02', paid_on: today() }).expect(201);
    expect(pdfText((await binary(owner, url).expect(200)).body as Buffer)).toContain('Paid in full on');
  });
});
