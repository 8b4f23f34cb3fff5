/**
 * Issue 36's tax exemption on the real app and PostgreSQL: the admin records a practice's
 * certificate (admins only; bad input a 400 naming the field); an order placed while it is valid
 * (through its last day, UTC) carries tax 0 and the certificate, shown on the order and in its email;
 * an expired or removed one stops the exemption; a checkout that showed another tax is refused (409,
 * nothing placed); an order awaiting approval keeps the tax decided when it was submitted.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { eventually } from './eventually.js';
import { SHIPPING } from './orders-fixtures.js';
import { PracticeWorld } from './practices-fixtures.js';

const w = new PracticeWorld();
let admin: TestAgent;
beforeAll(async () => {
  await w.start('tax_exemption');
  admin = request.agent(w.t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
});
afterAll(() => w.stop());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// 5 × 10.19 = 50.95; shipping 15.00; tax 8 % = 4.08
const order = (extra: Record<string, unknown> = {}) => ({ lines: [{ product_id: w.p.cheap.id, quantity: 5, unit_price: w.p.cheap.price }], shipping: SHIPPING, ...extra });
const practiceId = async (agent: TestAgent) => (await agent.get('/api/practice').expect(200)).body.id as number;
const exempt = (id: number, certificate: string, validUntil: string) => admin.put(`/api/admin/practices/${id}/tax-exemption`).send({ certificate, valid_until: validUntil });

describe('the admin records a tax exemption', () => {
  it('sets, reads and removes it; the members read it; bad input is a 400 naming the field; admins only', async () => {
    const owner = await w.register('exempt_admin_owner');
    const id = await practiceId(owner);
    expect((await admin.get(`/api/admin/practices/${id}/tax-exemption`).expect(200)).body).toEqual({ practice_id: id, name: 'exempt_admin_owner', exemption: null, active: false });
    expect((await exempt(id, '  OR-EX-1  ', day(30)).expect(200)).body).toEqual({ practice_id: id, name: 'exempt_admin_owner', exemption: { certificate: 'OR-EX-1', valid_until: day(30) }, active: true });
    expect((await owner.get('/api/practice').expect(200)).body).toMatchObject({ tax_exemption: { certificate: 'OR-EX-1', valid_until: day(30) }, tax_exempt_now: true });
    // an expired certificate is recorded, and exempts nothing
    expect((await exempt(id, 'OR-EX-1', day(-1)).expect(200)).body.active).toBe(false);
    for (const [body, field] of [
      [{ certificate: '', valid_until: day(1) }, 'certificate'],
      [{ certificate: 'x'.repeat(61), valid_until: day(1) }, 'certificate'],
      [{ certificate: 'a\u0000b', valid_until: day(1) }, 'certificate'],
      [{ certificate: 'OR-EX-1', valid_until: '2027-02-30' }, 'valid_until'],
      [{ certificate: 'OR-EX-1', valid_until: 'next year' }, 'valid_until'],
      [{ certificate: 'OR-EX-1' }, 'valid_until'],
      [{ certificate: 'OR-EX-1', valid_until: day(1), active: true }, 'active'],
    ] as const) {
      expect([field, JSON.stringify((await admin.put(`/api/admin/practices/${id}/tax-exemption`).send(body).expect(400)).body.message)]).toEqual([field, expect.stringContaining(field)]);
    }
    await exempt(2147483000, 'OR-EX-1', day(1)).expect(404);
    await admin.get('/api/admin/practices/abc/tax-exemption').expect(400);
    await owner.put(`/api/admin/practices/${id}/tax-exemption`).send({ certificate: 'MINE', valid_until: day(900) }).expect(403);
    await owner.get(`/api/admin/practices/${id}/tax-exemption`).expect(403);
    await owner.delete(`/api/admin/practices/${id}/tax-exemption`).expect(403);
    await request(w.t.http).get(`/api/admin/practices/${id}/tax-exemption`).expect(401);
    await admin.put(`/api/admin/practices/${id}/tax-exemption`).set('Origin', 'https://evil.example').send({ certificate: 'EVIL', valid_until: day(9) }).expect(403);
    expect((await admin.delete(`/api/admin/practices/${id}/tax-exemption`).expect(200)).body).toMatchObject({ exemption: null, active: false });
    expect((await owner.get('/api/practice').expect(200)).body).toMatchObject({ tax_exemption: null, tax_exempt_now: false });
  });
});

describe('orders of a tax-exempt practice', () => {
  it('carry tax 0 and the certificate while it is valid (its last day included); expired or removed, tax again; placed orders keep theirs', async () => {
    const owner = await w.register('exempt_owner');
    const id = await practiceId(owner);
    const taxed = (await owner.post('/api/orders').send(order()).expect(201)).body;
    expect([taxed.tax, taxed.total, taxed.tax_exempt_certificate]).toEqual(['4.08', '70.03', null]);

    await exempt(id, 'OR-EX-448812', day(0)).expect(200);
    const free = (await owner.post('/api/orders').send(order()).expect(201)).body;
    expect(free).toMatchObject({ subtotal: '50.95', shipping_cost: '15.00', tax: '0.00', total: '65.95', tax_exempt_certificate: 'OR-EX-448812', tax_exempt_until: day(0) });
    expect((await owner.get(`/api/orders/${free.number}`).expect(200)).body).toMatchObject({ tax: '0.00', tax_exempt_certificate: 'OR-EX-448812', tax_exempt_until: day(0) });
    expect((await admin.get(`/api/admin/orders/${free.number}`).expect(200)).body).toMatchObject({ tax: '0.00', tax_exempt_certificate: 'OR-EX-448812' });
    const mail = (await eventually(() => w.received.find((m) => m.subject.includes(`${free.number} is confirmed`)), { what: 'the confirmation' }))!;
    expect(mail.text).toContain('Tax: $0.00');
    expect(mail.text).toContain(`Tax exempt (certificate OR-EX-448812, valid until ${day(0)})`);

    await exempt(id, 'OR-EX-448812', day(-1)).expect(200);
    expect((await owner.post('/api/orders').send(order()).expect(201)).body).toMatchObject({ tax: '4.08', total: '70.03', tax_exempt_certificate: null, tax_exempt_until: null });
    await exempt(id, 'OR-EX-2', day(365)).expect(200);
    expect((await owner.post('/api/orders').send(order()).expect(201)).body.tax).toBe('0.00');
    await admin.delete(`/api/admin/practices/${id}/tax-exemption`).expect(200);
    expect((await owner.post('/api/orders').send(order()).expect(201)).body.tax).toBe('4.08');
    // placed orders keep the tax and the reason they were placed with
    expect((await owner.get(`/api/orders/${free.number}`).expect(200)).body).toMatchObject({ tax: '0.00', tax_exempt_certificate: 'OR-EX-448812' });
    // a guest's order is taxed as always
    expect((await request(w.t.http).post('/api/orders').send(order()).expect(201)).body.tax).toBe('4.08');
  });

  it('refuses (409, nothing placed) a checkout that showed another tax than the order would carry; the right one is placed', async () => {
    const owner = await w.register('expected_owner');
    const id = await practiceId(owner);
    await exempt(id, 'OR-EX-9', day(10)).expect(200);
    const before = (await owner.get('/api/orders').expect(200)).body.total;
    const refused = (await owner.post('/api/orders').send(order({ expected_tax: '4.08' })).expect(409)).body;
    expect(refused.message).toBe("The order's tax is now $0.00, not the $4.08 shown: your practice's tax exemption changed. Check the totals and submit again");
    // with an Idempotency-Key (the step-by-step path) the same
    await owner.post('/api/orders').set('Idempotency-Key', '3f0c6a52-2b9e-4d8e-9a51-6f1f3b7f2a10').send(order({ expected_tax: '4.08' })).expect(409);
    expect((await owner.get('/api/orders').expect(200)).body.total).toBe(before);
    expect((await owner.post('/api/orders').send(order({ expected_tax: '0.00' })).expect(201)).body.tax).toBe('0.00');
    await admin.delete(`/api/admin/practices/${id}/tax-exemption`).expect(200);
    expect((await owner.post('/api/orders').send(order({ expected_tax: '0' })).expect(409)).body.message).toContain('is now $4.08, not the $0.00 shown');
    expect((await owner.post('/api/orders').send(order({ expected_tax: '4.08' })).expect(201)).body.tax).toBe('4.08');
    expect(JSON.stringify((await owner.post('/api/orders').send(order({ expected_tax: 'free' })).expect(400)).body.message)).toContain('expected_tax');
  });

  it('judges invoice credit by the total without tax', async () => {
    const owner = await w.register('exempt_invoice_owner');
    const id = await practiceId(owner);
    await admin.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 30, credit_limit: '66.00' }).expect(200);
    await owner.post('/api/orders').send(order()).expect(409); // 70.03 with tax
    await exempt(id, 'OR-EX-INV', day(5)).expect(200);
    expect((await owner.post('/api/orders').send(order()).expect(201)).body).toMatchObject({ total: '65.95', tax: '0.00' });
    expect((await owner.get('/api/practice').expect(200)).body.open_balance).toBe('65.95');
  });

  it('an order submitted for approval keeps the tax decided at submit, whatever happens to the certificate before it is approved', async () => {
    const owner = await w.register('exempt_approval_owner');
    const assistant = await w.join(owner, 'exempt_approval_assistant', 'assistant');
    const id = await practiceId(owner);
    await owner.patch('/api/practice').send({ approvals_enabled: true }).expect(200);
    await exempt(id, 'OR-EX-APP', day(3)).expect(200);
    const waiting = (await assistant.post('/api/orders').send(order()).expect(201)).body;
    expect([waiting.status, waiting.tax, waiting.tax_exempt_certificate]).toEqual(['awaiting_approval', '0.00', 'OR-EX-APP']);
    await admin.delete(`/api/admin/practices/${id}/tax-exemption`).expect(200);
    const approved = (await owner.post(`/api/orders/${waiting.number}/approve`).expect(200)).body;
    expect(approved).toMatchObject({ status: 'placed', tax: '0.00', total: '65.95', tax_exempt_certificate: 'OR-EX-APP' });
  });
});
