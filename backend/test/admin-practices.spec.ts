/**
 * Issue 36, the admin's view of practices on the real app and PostgreSQL: the practices list
 * (people, owners, terms, open balance, status; search by name or member email; each sort; pages;
 * bad input a 400 naming it; admins only), a practice with its people, its orders and invoices
 * (paged), and disabling a practice: its people are disabled and signed out everywhere at once;
 * enabling it enables exactly the people its disabling turned off.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { CUSTOMER_MESSAGES } from '@dentalmarket/contracts';
import { ADMIN_PRACTICE_MESSAGES } from '@dentalmarket/contracts/admin-practices';
import { practiceListSql } from '../src/admin-practices/admin-practice-queries.js';
import { SHIPPING, signIn } from './orders-fixtures.js';
import { PASSWORD, PracticeWorld } from './practices-fixtures.js';

const w = new PracticeWorld();
let admin: TestAgent;
let harbour: { id: number; owner: TestAgent; purchaser: TestAgent; assistant: TestAgent; ids: Record<'owner' | 'purchaser' | 'assistant', number> };
let orchard: { id: number; owner: TestAgent };
const orders: string[] = [];

const practiceId = async (agent: TestAgent) => (await agent.get('/api/practice').expect(200)).body.id as number;
const order = (agent: TestAgent, quantity = 1) =>
  agent.post('/api/orders').send({ lines: [{ product_id: w.p.cheap.id, quantity, unit_price: w.p.cheap.price }], shipping: SHIPPING }).expect(201);

beforeAll(async () => {
  await w.start('admin_practices');
  admin = await signIn(w.t.http, 'admin', 'DentalAdmin!2026');
  const owner = await w.register('harbour_owner', { practice_name: 'Harbour Dental Practice', full_name: 'Dr. Hana Harbour' });
  const purchaser = await w.join(owner, 'harbour_purchaser', 'purchaser');
  const assistant = await w.join(owner, 'harbour_assistant', 'assistant');
  const id = await practiceId(owner);
  harbour = { id, owner, purchaser, assistant, ids: { owner: await w.memberId(owner), purchaser: await w.memberId(purchaser), assistant: await w.memberId(assistant) } };
  // two card orders, then invoice terms and two invoices: one paid, one overdue
  for (let i = 0; i < 2; i++) orders.push((await order(purchaser)).body.number);
  await admin.put(`/api/admin/practices/${id}/terms`).send({ payment_terms: 'invoice', net_days: 30, credit_limit: '5000.00' }).expect(200);
  for (let i = 0; i < 2; i++) orders.push((await order(owner, 5)).body.number);
  await w.t.dataSource.query(`UPDATE orders SET paid_at = now() WHERE number = $1`, [orders[2]]);
  await w.t.dataSource.query(`UPDATE orders SET payment_due_at = now() - interval '2 days' WHERE number = $1`, [orders[3]]);
  const orchardOwner = await w.register('orchard_owner', { practice_name: 'Orchard Smiles', email: 'orchard_owner@orchard-clinic.example' });
  orchard = { id: await practiceId(orchardOwner), owner: orchardOwner };
});
afterAll(() => w.stop());

const list = async (query: string) => {
  const body = (await admin.get(`/api/admin/practices?${query}`).expect(200)).body;
  return { ...body, names: (body.practices as Array<{ name: string }>).map((p) => p.name) };
};

describe('GET /api/admin/practices', () => {
  it('lists practices with their people, owners, terms, open balance, tax exemption and status', async () => {
    await admin.put(`/api/admin/practices/${harbour.id}/tax-exemption`).send({ certificate: 'OR-EX-448812', valid_until: '2099-06-30' }).expect(200);
    const { practices } = await list('q=harbour');
    await admin.delete(`/api/admin/practices/${harbour.id}/tax-exemption`).expect(200);
    expect((await list('q=harbour')).practices[0]).toMatchObject({ tax_exempt_certificate: null, tax_exempt_until: null });
    expect(practices).toEqual([
      {
        id: harbour.id,
        name: 'Harbour Dental Practice',
        created_at: expect.any(String),
        members: 3,
        owners: ['Dr. Hana Harbour'],
        owner_count: 1,
        payment_terms: 'invoice',
        net_days: 30,
        credit_limit: '5000.00',
        open_balance: '70.03', // the overdue invoice; the paid one is not open
        tax_exempt_certificate: 'OR-EX-448812',
        tax_exempt_until: '2099-06-30',
        disabled_at: null,
      },
    ]);
  });

  it("searches the starts of the name's words, a member's email from its start, or its domain", async () => {
    expect((await list('q=Harb')).names).toEqual(['Harbour Dental Practice']);
    expect((await list('q=dental%20harb')).names).toEqual(['Harbour Dental Practice']);
    expect((await list('q=smiles')).names).toEqual(['Orchard Smiles']);
    expect((await list('q=harbour_assistant%40')).names).toEqual(['Harbour Dental Practice']);
    expect((await list('q=%40orchard-clinic.example')).names).toEqual(['Orchard Smiles']);
    expect((await list('q=orchard-clinic.example')).names).toEqual(['Orchard Smiles']);
    expect(await list('q=nowhere')).toMatchObject({ total: 0, names: [] });
  });

  it('sorts by name, newest, people and open balance each way, and pages', async () => {
    const all = await list('limit=100');
    expect(all.total).toBe(all.practices.length);
    expect(all.names.length).toBeGreaterThanOrEqual(2);
    expect((await list('direction=desc&limit=100')).names).toEqual([...all.names].reverse());
    expect((await list('sort=members&direction=desc&limit=1')).names).toEqual(['Harbour Dental Practice']);
    expect((await list('sort=open_balance&direction=desc&limit=1')).names).toEqual(['Harbour Dental Practice']);
    expect((await list('sort=created&direction=desc&limit=1')).names).toEqual(['Orchard Smiles']);
    const asc = (await list('sort=created&direction=asc&limit=100')).names;
    expect((await list('sort=created&direction=desc&limit=100')).names).toEqual([...asc].reverse());
    const pages = [...(await list('limit=2&page=1')).names, ...(await list('limit=2&page=2')).names];
    expect(pages).toEqual(all.names.slice(0, pages.length));
    expect(pages.length).toBe(Math.min(4, all.names.length));
  });

  it('reads the name search through IDX_practices_name_words and the email search through the users indexes', async () => {
    const runner = w.t.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      // a handful of rows: without these the planner rightly reads the tables
      await runner.query('SET LOCAL enable_seqscan = off');
      await runner.query('SET LOCAL enable_indexscan = off');
      for (const sql of Object.values(practiceListSql({ q: 'harbour' }))) {
        const plan = JSON.stringify(await runner.query(`EXPLAIN (FORMAT JSON) ${sql.text}`, sql.values));
        expect(plan).toContain('IDX_practices_name_words');
        expect(plan).toContain('IDX_users_email_prefix');
      }
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('answers 400 naming a bad parameter, and is for admins only', async () => {
    for (const [query, message] of [
      ['sort=wealth', 'sort must be one of'],
      ['direction=up', 'direction must be asc or desc'],
      ['limit=101', 'limit'],
      ['page=0', 'page'],
    ] as const) {
      expect(JSON.stringify((await admin.get(`/api/admin/practices?${query}`).expect(400)).body.message)).toContain(message);
    }
    await admin.get(`/api/admin/practices/${harbour.id}/orders?limit=51`).expect(400);
    await admin.get('/api/admin/practices/abc').expect(400);
    await request(w.t.http).get('/api/admin/practices').expect(401);
    for (const path of ['', `/${harbour.id}`, `/${harbour.id}/orders`, `/${harbour.id}/invoices`]) await harbour.owner.get(`/api/admin/practices${path}`).expect(403);
    await harbour.owner.post(`/api/admin/practices/${orchard.id}/disable`).expect(403);
  });
});

describe('one practice', () => {
  it('shows its people (owners first) with their roles and status; 404 for an unknown practice', async () => {
    const detail = (await admin.get(`/api/admin/practices/${harbour.id}`).expect(200)).body;
    expect(detail).toMatchObject({ name: 'Harbour Dental Practice', members: 3, disabled_at: null });
    expect(detail.people.map((p: { username: string; role: string; email: string; disabled_at: null }) => [p.username, p.role, p.email, p.disabled_at])).toEqual([
      ['harbour_owner', 'owner', 'harbour_owner@practice.example', null],
      ['harbour_purchaser', 'purchaser', 'harbour_purchaser@practice.example', null],
      ['harbour_assistant', 'assistant', 'harbour_assistant@practice.example', null],
    ]);
    for (const path of ['', '/orders', '/invoices']) expect((await admin.get(`/api/admin/practices/2147483000${path}`).expect(404)).body.message).toBe(ADMIN_PRACTICE_MESSAGES.notFound);
  });

  it('pages its orders, newest first, with who placed each', async () => {
    const first = (await admin.get(`/api/admin/practices/${harbour.id}/orders?limit=3`).expect(200)).body;
    expect(first).toMatchObject({ total: 4, page: 1, limit: 3 });
    expect(first.orders.map((o: { number: string }) => o.number)).toEqual([orders[3], orders[2], orders[1]]);
    expect(first.orders[0].placed_by).toBe('Dr. Hana Harbour');
    const second = (await admin.get(`/api/admin/practices/${harbour.id}/orders?limit=3&page=2`).expect(200)).body;
    expect(second.orders.map((o: { number: string; placed_by: string }) => [o.number, o.placed_by])).toEqual([[orders[0], 'harbour_purchaser']]);
    expect((await admin.get(`/api/admin/practices/${orchard.id}/orders`).expect(200)).body).toMatchObject({ orders: [], total: 0 });
  });

  it('pages its invoices with their due dates: paid, overdue', async () => {
    const body = (await admin.get(`/api/admin/practices/${harbour.id}/invoices`).expect(200)).body;
    expect(body.total).toBe(2);
    expect(body.invoices.map((i: { number: string; state: string; total: string }) => [i.number, i.state, i.total])).toEqual([
      [orders[2], 'paid', '70.03'],
      [orders[3], 'overdue', '70.03'],
    ]);
    await w.t.dataSource.query(`UPDATE orders SET payment_due_at = now() + interval '1 day' WHERE number = $1`, [orders[3]]);
    // due tomorrow: unpaid, and before the paid one (due in 30 days) in the latest-due-first order
    expect((await admin.get(`/api/admin/practices/${harbour.id}/invoices?limit=1&page=2`).expect(200)).body.invoices.map((i: { state: string }) => i.state)).toEqual(['unpaid']);
    await w.t.dataSource.query(`UPDATE orders SET payment_due_at = now() - interval '2 days' WHERE number = $1`, [orders[3]]);
  });
});

describe('disabling a practice', () => {
  it('disabling a person keeps the practice and the others', async () => {
    await admin.post(`/api/admin/customers/${harbour.ids.assistant}/disable`).expect(200);
    await harbour.assistant.get('/api/me').expect(401);
    const detail = (await admin.get(`/api/admin/practices/${harbour.id}`).expect(200)).body;
    expect(detail.disabled_at).toBeNull();
    expect(detail.people.map((p: { disabled_at: string | null }) => p.disabled_at !== null)).toEqual([false, false, true]);
    await harbour.owner.get('/api/practice').expect(200);
  });

  it('disables its people and ends their sessions at once; enabling it enables those it disabled, not one disabled on their own', async () => {
    const phone = await signIn(w.t.http, 'harbour_owner', PASSWORD);
    const disabled = (await admin.post(`/api/admin/practices/${harbour.id}/disable`).expect(200)).body;
    expect(typeof disabled.disabled_at).toBe('string');
    expect(disabled.people.map((p: { disabled_at: string | null; disabled_with_practice: boolean }) => [p.disabled_at !== null, p.disabled_with_practice])).toEqual([
      [true, true],
      [true, true],
      [true, false],
    ]);
    for (const agent of [harbour.owner, phone, harbour.purchaser]) await agent.get('/api/me').expect(401);
    const [{ n }] = await w.t.dataSource.query(`SELECT count(*)::int AS n FROM "session" WHERE (sess -> 'passport') ->> 'user' = ANY($1::text[])`, [Object.values(harbour.ids).map(String)]);
    expect(n).toBe(0);
    for (const username of ['harbour_owner', 'harbour_purchaser']) {
      expect((await request(w.t.http).post('/api/login').send({ username, password: PASSWORD }).expect(403)).body.message).toBe(CUSTOMER_MESSAGES.disabledSignIn);
    }
    // the practice, its records and its other practices' neighbours are kept
    expect((await list('q=harbour')).practices[0]).toMatchObject({ members: 3, open_balance: '70.03', disabled_at: disabled.disabled_at });
    await orchard.owner.get('/api/practice').expect(200);
    // a person of a disabled practice is enabled with the practice, not alone
    expect((await admin.post(`/api/admin/customers/${harbour.ids.owner}/enable`).expect(409)).body.message).toBe(ADMIN_PRACTICE_MESSAGES.enableInDisabledPractice);
    // disabling twice keeps the first time
    expect((await admin.post(`/api/admin/practices/${harbour.id}/disable`).expect(200)).body.disabled_at).toBe(disabled.disabled_at);

    const enabled = (await admin.post(`/api/admin/practices/${harbour.id}/enable`).expect(200)).body;
    expect(enabled.disabled_at).toBeNull();
    expect(enabled.people.map((p: { username: string; disabled_at: string | null }) => [p.username, p.disabled_at !== null])).toEqual([
      ['harbour_owner', false],
      ['harbour_purchaser', false],
      ['harbour_assistant', true],
    ]);
    await (await signIn(w.t.http, 'harbour_purchaser', PASSWORD)).get('/api/practice').expect(200);
    await request(w.t.http).post('/api/login').send({ username: 'harbour_assistant', password: PASSWORD }).expect(403);
    await admin.post(`/api/admin/customers/${harbour.ids.assistant}/enable`).expect(200);
    await signIn(w.t.http, 'harbour_assistant', PASSWORD);
  });

  it("an invitation to a disabled practice cannot be accepted; an admin's disabling a person of a disabled practice keeps them disabled after", async () => {
    const owner = await signIn(w.t.http, 'harbour_owner', PASSWORD);
    const before = w.received.length;
    await owner.post('/api/practice/invitations').send({ email: 'late@practice.example', role: 'assistant' }).expect(201);
    const token = await w.invitationToken('late@practice.example', before);
    await admin.post(`/api/admin/practices/${harbour.id}/disable`).expect(200);
    const refused = (await request(w.t.http).post(`/api/invitations/${token}/accept`).send({ username: 'late_assistant', password: PASSWORD }).expect(409)).body;
    expect(refused.message).toBe(ADMIN_PRACTICE_MESSAGES.invitationToDisabledPractice);
    await admin.post(`/api/admin/customers/${harbour.ids.purchaser}/disable`).expect(200);
    const enabled = (await admin.post(`/api/admin/practices/${harbour.id}/enable`).expect(200)).body;
    expect(enabled.people.filter((p: { disabled_at: string | null }) => p.disabled_at !== null).map((p: { username: string }) => p.username)).toEqual(['harbour_purchaser']);
    await admin.post(`/api/admin/customers/${harbour.ids.purchaser}/enable`).expect(200);
    await request(w.t.http).post(`/api/invitations/${token}/accept`).send({ username: 'late_assistant', password: PASSWORD }).expect(200);
  });

  it('404 for an unknown practice, 400 for a bad id', async () => {
    await admin.post('/api/admin/practices/2147483000/disable').expect(404);
    await admin.post('/api/admin/practices/2147483000/enable').expect(404);
    await admin.post('/api/admin/practices/0/disable').expect(400);
  });
});
