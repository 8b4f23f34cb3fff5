import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { CUSTOMER_MESSAGES } from '@dentalmarket/contracts';
import { customerListSql } from '../src/customers/customer-queries.js';
import { insertTestProducts, SHIPPING, signIn, startOrdersApp, type OrdersTestApp, type TestProducts } from './orders-fixtures.js';
import { eventually } from './eventually.js';

let t: OrdersTestApp;
let p: TestProducts;
let admin: TestAgent;

const PASSWORD = 'Customer passphrase 2026';

/** A new customer account, signed in on its own agent. */
async function register(username: string, email: string, fullName = `Dr. ${username}`): Promise<{ agent: TestAgent; id: number }> {
  const agent = request.agent(t.http);
  const res = await agent.post('/api/register').send({ username, email, full_name: fullName, password: PASSWORD }).expect(201);
  return { agent, id: res.body.id as number };
}

async function order(agent: TestAgent, lines: Array<{ product_id: number; quantity: number; unit_price: string }>): Promise<string> {
  const res = await agent.post('/api/orders').send({ lines, shipping: SHIPPING }).expect(201);
  return res.body.number as string;
}

let alice: { agent: TestAgent; id: number };
let bob: { agent: TestAgent; id: number };
let carol: { agent: TestAgent; id: number };

beforeAll(async () => {
  t = await startOrdersApp('customers');
  p = await insertTestProducts(t.dataSource);
  admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
  alice = await register('alice.archer', 'alice@practice.example');
  bob = await register('bob.baker', 'bob@clinic.example');
  carol = await register('carol.cole', 'carol@practice.example');
  // Alice: 1 chair; Bob: 3 burs, then 1 chair he cancels; Carol: nothing
  await order(alice.agent, [{ product_id: p.chair.id, quantity: 1, unit_price: '1299.99' }]);
  await order(bob.agent, [{ product_id: p.cheap.id, quantity: 3, unit_price: '10.19' }]);
  const cancelled = await order(bob.agent, [{ product_id: p.chair.id, quantity: 1, unit_price: '1299.99' }]);
  await admin.post(`/api/admin/orders/${cancelled}/status`).send({ status: 'cancelled', note: 'ordered twice' }).expect(200);
});

afterAll(async () => {
  await t?.close();
  await t?.drop();
});

const listed = async (query: string) => {
  const res = await admin.get(`/api/admin/customers?${query}`).expect(200);
  return { total: res.body.total as number, names: (res.body.customers as Array<{ username: string }>).map((c) => c.username) };
};

describe('GET /api/admin/customers', () => {
  it('lists accounts with their orders, total spent (cancelled orders excluded) and last order', async () => {
    const res = await admin.get('/api/admin/customers?role=customer&sort=username&direction=asc').expect(200);
    const rows = res.body.customers as Array<Record<string, unknown>>;
    const byName = Object.fromEntries(rows.map((row) => [row.username, row]));
    // the orders' totals: 1299.99 + $15 shipping + 8 % tax = 1418.99; 30.57 + 15 + 2.45 = 48.02
    expect(byName['alice.archer']).toMatchObject({ email: 'alice@practice.example', full_name: 'Dr. alice.archer', role: 'customer', orders: 1, total_spent: '1418.99', disabled_at: null });
    expect(byName['bob.baker']).toMatchObject({ orders: 2, total_spent: '48.02' });
    expect(byName['carol.cole']).toMatchObject({ orders: 0, total_spent: '0.00', last_order_at: null });
    expect(typeof byName['alice.archer']!.last_order_at).toBe('string');
    expect(typeof byName['alice.archer']!.registered_at).toBe('string');
  });

  it('searches a username or email from its start or an email domain, sorts by each column, pages', async () => {
    expect(await listed('q=ALICE')).toEqual({ total: 1, names: ['alice.archer'] });
    expect(await listed('q=bob%40')).toEqual({ total: 1, names: ['bob.baker'] });
    expect(await listed('q=%40practice.example&sort=username&direction=asc')).toEqual({ total: 2, names: ['alice.archer', 'carol.cole'] });
    expect(await listed('q=clinic.example')).toEqual({ total: 1, names: ['bob.baker'] });
    expect(await listed('q=rcher')).toEqual({ total: 0, names: [] }); // never from inside
    expect(await listed('q=%25')).toEqual({ total: 0, names: [] }); // LIKE's wildcards are text
    expect(await listed('q=_lice')).toEqual({ total: 0, names: [] });
    expect((await listed('role=customer&sort=spent&direction=desc')).names.slice(0, 2)).toEqual(['alice.archer', 'bob.baker']);
    expect((await listed('role=customer&sort=orders&direction=desc')).names.slice(0, 2)).toEqual(['bob.baker', 'alice.archer']);
    // never-ordered accounts after every ordered one, newest order first
    const byLast = (await listed('role=customer&sort=last_order&direction=desc')).names;
    expect(byLast.indexOf('bob.baker')).toBeLessThan(byLast.indexOf('alice.archer'));
    expect(byLast.indexOf('alice.archer')).toBeLessThan(byLast.indexOf('carol.cole'));
    expect((await listed('role=customer&sort=registered&direction=desc')).names.slice(0, 3)).toEqual(['carol.cole', 'bob.baker', 'alice.archer']);
    expect((await listed('role=admin')).names).toEqual(['admin']);
    const all = await listed('sort=username&direction=asc');
    const second = await listed('sort=username&direction=asc&page=2&limit=2');
    expect(second).toEqual({ total: all.total, names: all.names.slice(2, 4) });
  });

  it('searches the words of the full name from their starts, any word, any case, several words in any order', async () => {
    // the demo account 'dr.smith' is 'Dr. Jane Smith': neither its username nor its email starts with 'jane' or 'smith'
    for (const q of ['smith', 'Jane', 'JANE', 'sm', 'Jane Smith', 'smith jane', 'Dr. Jane Smith', 'jane  sm', "smith' & !"]) {
      expect(await listed(`q=${encodeURIComponent(q)}`)).toEqual({ total: 1, names: ['dr.smith'] });
    }
    // 'Dr.Mary' is two words, and so are the parts of a hyphenated name and the sides of an apostrophe
    await register('dr.mo', 'mo@surgery.example', "Dr.Mary O'Neil-Okafor");
    for (const q of ['mary', 'okafor', 'neil', "o'neil", 'neil-okafor', 'MARY OKA']) {
      expect(await listed(`q=${encodeURIComponent(q)}`)).toEqual({ total: 1, names: ['dr.mo'] });
    }
    expect(await listed('q=mith')).toEqual({ total: 0, names: [] }); // a word from its start, never from inside
    expect(await listed('q=jane%20jones')).toEqual({ total: 0, names: [] }); // every word typed must match
    expect(await listed('q=mary%40')).toEqual({ total: 0, names: [] }); // text with an '@' is an address only
    expect((await listed('q=d&limit=100')).names).toEqual(expect.arrayContaining(['alice.archer', 'bob.baker', 'carol.cole', 'dr.smith', 'dr.mo']));
  });

  it('finds a name through the index of the words of full names (IDX_users_full_name_words), not by reading every account', async () => {
    const runner = t.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      // a handful of accounts: the planner rightly reads the table, or walks the newest-first index and
      // filters; without both, only bitmap scans are left, and the name has one only if the query's
      // expression is the index's
      await runner.query('SET LOCAL enable_seqscan = off');
      await runner.query('SET LOCAL enable_indexscan = off');
      for (const sql of Object.values(customerListSql({ q: 'smith' }))) {
        const plan = JSON.stringify(await runner.query(`EXPLAIN (FORMAT JSON) ${sql.text}`, sql.values));
        expect(plan).toContain('IDX_users_full_name_words');
      }
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('answers 400 naming a bad parameter', async () => {
    for (const [query, message] of [
      ['sort=wealth', 'sort must be one of'],
      ['direction=up', 'direction must be asc or desc'],
      ['role=owner', 'role must be one of'],
      ['limit=101', 'limit'],
      ['page=0', 'page'],
    ] as const) {
      const res = await admin.get(`/api/admin/customers?${query}`).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
    }
  });

  it('shows one account with its newest orders; 404 for an unknown one, 400 for a bad id', async () => {
    const res = await admin.get(`/api/admin/customers/${bob.id}`).expect(200);
    expect(res.body).toMatchObject({ username: 'bob.baker', orders: 2 });
    expect((res.body.recent_orders as Array<{ status: string }>).map((o) => o.status)).toEqual(['cancelled', 'placed']);
    await admin.get('/api/admin/customers/2147483647').expect(404);
    await admin.get('/api/admin/customers/abc').expect(400);
    await admin.get('/api/admin/customers/99999999999').expect(400);
  });

  it('is for admins only', async () => {
    await request(t.http).get('/api/admin/customers').expect(401);
    await alice.agent.get('/api/admin/customers').expect(403);
    await alice.agent.get(`/api/admin/customers/${alice.id}`).expect(403);
    await alice.agent.post(`/api/admin/customers/${bob.id}/disable`).expect(403);
  });
});

describe('disabling an account', () => {
  it('ends every session the account holds at once, refuses its sign-in, and enabling lets it back in', async () => {
    // Carol is signed in twice (two devices)
    const phone = await signIn(t.http, 'carol.cole', PASSWORD);
    await carol.agent.get('/api/me').expect(200);
    await phone.get('/api/me').expect(200);

    const res = await admin.post(`/api/admin/customers/${carol.id}/disable`).expect(200);
    expect(typeof res.body.disabled_at).toBe('string');
    // the very next request of each session is signed out
    await carol.agent.get('/api/me').expect(401);
    await phone.get('/api/me').expect(401);
    await carol.agent.get('/api/orders').expect(401);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "session" WHERE (sess -> 'passport') ->> 'user' = $1`, [String(carol.id)]);
    expect(n).toBe(0);

    // the right password gets a clear refusal; a wrong one the usual answer
    const refused = await request(t.http).post('/api/login').send({ username: 'carol.cole', password: PASSWORD }).expect(403);
    expect(refused.body.message).toBe(CUSTOMER_MESSAGES.disabledSignIn);
    await request(t.http).post('/api/login').send({ username: 'carol.cole', password: 'wrong passphrase here' }).expect(401);

    // disabling twice keeps the first time
    const again = await admin.post(`/api/admin/customers/${carol.id}/disable`).expect(200);
    expect(again.body.disabled_at).toBe(res.body.disabled_at);

    const enabled = await admin.post(`/api/admin/customers/${carol.id}/enable`).expect(200);
    expect(enabled.body.disabled_at).toBeNull();
    const back = await signIn(t.http, 'carol.cole', PASSWORD);
    await back.get('/api/me').expect(200);

    // a session row that outlived the disabling (written by an instance mid-request, say) is refused
    // on its next request all the same: the account is read on every request
    await t.dataSource.query(`UPDATE users SET disabled_at = now() WHERE id = $1`, [carol.id]);
    await back.get('/api/me').expect(401);
    await t.dataSource.query(`UPDATE users SET disabled_at = NULL WHERE id = $1`, [carol.id]);
  });

  it('never disables the admin themselves, nor the last enabled admin when two admins disable each other at once', async () => {
    const [{ id: adminId }] = await t.dataSource.query(`SELECT id FROM users WHERE username = 'admin'`);
    const self = await admin.post(`/api/admin/customers/${adminId}/disable`).expect(409);
    expect(self.body.message).toBe(CUSTOMER_MESSAGES.disableSelf);

    // Bob becomes the second admin; each disables the other in the same instant: one wins, the
    // other is refused, and one enabled admin always remains
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [bob.id]);
    // the admins' rows held by the test until both requests are past sign-in and waiting for them
    const holder = t.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`SELECT id FROM users WHERE role = 'admin' FOR UPDATE`);
    const racing = Promise.all([admin.post(`/api/admin/customers/${bob.id}/disable`), bob.agent.post(`/api/admin/customers/${adminId}/disable`)]);
    await eventually(async () => (await t.dataSource.query(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].waiting as number, {
      accept: (waiting) => waiting >= 2,
      what: 'both requests waiting on the lock',
    });
    await holder.commitTransaction();
    await holder.release();
    const answers = await racing;
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(CUSTOMER_MESSAGES.disableLastAdmin);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND disabled_at IS NULL`);
    expect(n).toBe(1);
  });
});
