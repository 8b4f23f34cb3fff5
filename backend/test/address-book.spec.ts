/**
 * Issue 36's address book on the real app and PostgreSQL: a practice's ship-to addresses (CRUD, the
 * checkout's rules, one default even under concurrent changes, at most 50), shared by every member,
 * changed by owners and purchasers only (each role × own/other practice is in practices-authorization.spec.ts).
 * The migration's down and up.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { ADDRESS_BOOK_MAX } from '@dentalmarket/contracts/practices';
import { AddressBookTaxExemption1765810000000 } from '../src/database/migrations/1765810000000-AddressBookTaxExemption.js';
import { SHIPPING } from './orders-fixtures.js';
import { PracticeWorld } from './practices-fixtures.js';

const w = new PracticeWorld();
type Role = 'owner' | 'purchaser' | 'assistant';
interface Team {
  agents: Record<Role, TestAgent>;
  address: number;
}
let a: Team;
let b: Team;
const place = (label: string, extra: Record<string, unknown> = {}) => ({ label, full_name: 'Dr. Jane Smith', address: `${label} 12 Harbour Street`, city: 'Portland', state: 'OR', zip_code: '97201', ...extra });

async function team(name: string): Promise<Team> {
  const owner = await w.register(`${name}_owner`);
  const agents = { owner, purchaser: await w.join(owner, `${name}_purchaser`, 'purchaser'), assistant: await w.join(owner, `${name}_assistant`, 'assistant') };
  const address = (await owner.post('/api/practice/addresses').send(place(`${name} main`)).expect(201)).body.id as number;
  return { agents, address };
}

beforeAll(async () => {
  await w.start('address_book');
  a = await team('book_a');
  b = await team('book_b');
});
afterAll(() => w.stop());

describe('the address book', () => {
  it('adds, lists (default first), edits, switches the default and removes; the first address is the default; a removed default passes to the oldest', async () => {
    const owner = await w.register('crud_owner');
    const first = (await owner.post('/api/practice/addresses').send(place('Surgery')).expect(201)).body;
    expect(first).toMatchObject({ label: 'Surgery', full_name: 'Dr. Jane Smith', city: 'Portland', zip_code: '97201', is_default: true });
    const second = (await owner.post('/api/practice/addresses').send(place('  Annex  ')).expect(201)).body;
    expect([second.label, second.is_default]).toEqual(['Annex', false]);
    const third = (await owner.post('/api/practice/addresses').send(place('Warehouse', { is_default: true })).expect(201)).body;
    expect(third.is_default).toBe(true);
    const list = (await owner.get('/api/practice/addresses').expect(200)).body;
    expect(list.map((x: { label: string; is_default: boolean }) => [x.label, x.is_default])).toEqual([
      ['Warehouse', true],
      ['Annex', false],
      ['Surgery', false],
    ]);
    const edited = (await owner.patch(`/api/practice/addresses/${second.id}`).send({ city: 'Salem', is_default: true }).expect(200)).body;
    expect(edited).toMatchObject({ city: 'Salem', is_default: true, label: 'Annex' });
    expect((await owner.get('/api/practice/addresses').expect(200)).body.filter((x: { is_default: boolean }) => x.is_default).map((x: { id: number }) => x.id)).toEqual([second.id]);
    // the default cannot be unset, only replaced
    expect((await owner.patch(`/api/practice/addresses/${second.id}`).send({ is_default: false }).expect(409)).body.message).toMatch(/make another address the default/);
    // a label the book has (whatever its case) is a 409 naming it
    expect((await owner.post('/api/practice/addresses').send(place('surgery')).expect(409)).body.message).toBe(`Your practice's address book has an address labelled "surgery" already`);
    expect((await owner.patch(`/api/practice/addresses/${third.id}`).send({ label: 'ANNEX' }).expect(409)).body.message).toContain('"ANNEX"');
    // removing the default: the oldest remaining becomes it
    await owner.delete(`/api/practice/addresses/${second.id}`).expect(204);
    expect((await owner.get('/api/practice/addresses').expect(200)).body.map((x: { label: string; is_default: boolean }) => [x.label, x.is_default])).toEqual([
      ['Surgery', true],
      ['Warehouse', false],
    ]);
    await owner.delete(`/api/practice/addresses/${second.id}`).expect(404);
  });

  it("checks the checkout's rules, each refusal a 400 naming the field", async () => {
    const owner = a.agents.owner;
    for (const [body, field] of [
      [place('x', { label: '  ' }), 'label'],
      [place('x', { full_name: 'Al' }), 'full_name'],
      [place('x', { address: '1 A' }), 'address'],
      [place('x', { city: 'P' }), 'city'],
      [place('x', { state: 'O' }), 'state'],
      [place('x', { zip_code: '972' }), 'zip_code'],
      [place('x', { zip_code: 97201 }), 'zip_code'],
      [place('x', { label: 'l'.repeat(61) }), 'label'],
      [place('x', { is_default: 'yes' }), 'is_default'],
      [place('x', { practice_id: 1 }), 'practice_id'],
    ] as const) {
      expect([field, JSON.stringify((await owner.post('/api/practice/addresses').send(body).expect(400)).body.message)]).toEqual([field, expect.stringContaining(field)]);
    }
    expect((await owner.post('/api/practice/addresses').send(place('x', { zip_code: '972' })).expect(400)).body.message).toEqual(['zip_code: ZIP code is required']);
    await owner.patch('/api/practice/addresses/abc').send({ city: 'Salem' }).expect(400);
    await owner.patch(`/api/practice/addresses/${a.address}`).send({ city: '' }).expect(400);
  });

  it(`holds at most ${ADDRESS_BOOK_MAX} addresses, also when they are added at once`, async () => {
    const owner = await w.register('full_owner');
    const answers = await Promise.all(Array.from({ length: ADDRESS_BOOK_MAX + 5 }, (_, i) => owner.post('/api/practice/addresses').send(place(`Site ${i}`))));
    expect(answers.filter((x) => x.status === 201)).toHaveLength(ADDRESS_BOOK_MAX);
    expect(answers.filter((x) => x.status === 409).map((x) => x.body.message)).toEqual(Array(5).fill(`Your practice's address book holds ${ADDRESS_BOOK_MAX} addresses already: remove one first`));
    const list = (await owner.get('/api/practice/addresses').expect(200)).body;
    expect(list).toHaveLength(ADDRESS_BOOK_MAX);
    expect(list.filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1);
  });

  it('keeps one default when members make different addresses the default, and add defaults, at the same time', async () => {
    const owner = await w.register('race_book_owner');
    const purchaser = await w.join(owner, 'race_book_purchaser', 'purchaser');
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await owner.post('/api/practice/addresses').send(place(`Race ${i}`)).expect(201)).body.id);
    const answers = await Promise.all([
      ...ids.map((id, i) => (i % 2 ? owner : purchaser).patch(`/api/practice/addresses/${id}`).send({ is_default: true })),
      ...Array.from({ length: 4 }, (_, i) => purchaser.post('/api/practice/addresses').send(place(`Race new ${i}`, { is_default: true }))),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([...Array(8).fill(200), ...Array(4).fill(201)]);
    const [{ defaults }] = await w.t.dataSource.query(
      `SELECT count(*)::int AS defaults FROM practice_addresses pa JOIN users u ON u.practice_id = pa.practice_id WHERE u.username = 'race_book_owner' AND pa.is_default`,
    );
    expect(defaults).toBe(1);
  });

  it('an order keeps its own copy of the address: editing or removing the book entry changes no placed order', async () => {
    const owner = a.agents.owner;
    const entry = (await owner.post('/api/practice/addresses').send(place('Copy test')).expect(201)).body;
    const shipping = { ...SHIPPING, fullName: entry.full_name, address: entry.address, city: entry.city, state: entry.state, zipCode: entry.zip_code };
    const number = (await owner.post('/api/orders').send({ lines: [{ product_id: w.p.cheap.id, quantity: 1, unit_price: w.p.cheap.price }], shipping }).expect(201)).body.number;
    await owner.patch(`/api/practice/addresses/${entry.id}`).send({ address: '99 Elsewhere Road', city: 'Salem' }).expect(200);
    await owner.delete(`/api/practice/addresses/${entry.id}`).expect(204);
    expect((await owner.get(`/api/orders/${number}`).expect(200)).body.shipping).toEqual(shipping);
  });
});

describe('without a practice', () => {
  it.each([
    ['get', '/api/practice/addresses'],
    ['post', '/api/practice/addresses'],
    ['patch', '/api/practice/addresses/1'],
    ['delete', '/api/practice/addresses/1'],
  ])('%s %s: signed out 401, an admin 403; a foreign Origin 403', async (method, path) => {
    const body = method === 'post' ? place('Admin') : method === 'patch' ? { city: 'Salem' } : {};
    const call = (agent: TestAgent | ReturnType<typeof request>) => (agent as unknown as Record<string, (p: string) => request.Test>)[method]!(path).send(body);
    await call(request(w.t.http)).expect(401);
    const admin = request.agent(w.t.http);
    await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
    expect((await call(admin).expect(403)).body.message).toBe('Practices are for shopper accounts: an admin account belongs to none');
    if (method !== 'get') await (a.agents.owner as unknown as Record<string, (p: string) => request.Test>)[method]!(path).set('Origin', 'https://evil.example').send(body).expect(403);
  });
});

describe('the migration (1765810000000-AddressBookTaxExemption)', () => {
  it('down drops the book and the exemption columns; up makes them again, empty; orders otherwise unchanged', async () => {
    const ds = w.t.dataSource;
    const migration = new AddressBookTaxExemption1765810000000();
    const runner = ds.createQueryRunner();
    const orderColumns = `id, number, status, total_cents, tax_cents, full_name, address`;
    try {
      const before = await runner.query(`SELECT ${orderColumns} FROM orders ORDER BY id`);
      await migration.down(runner);
      const [{ book }] = await runner.query(`SELECT to_regclass('practice_addresses') AS book`);
      expect(book).toBeNull();
      const columns = await runner.query(`SELECT table_name, column_name FROM information_schema.columns WHERE column_name LIKE 'tax_exempt%' ORDER BY 1, 2`);
      expect(columns).toEqual([]);
      await migration.up(runner);
      expect(await runner.query(`SELECT count(*)::int AS n FROM practice_addresses`)).toEqual([{ n: 0 }]);
      expect(await runner.query(`SELECT ${orderColumns} FROM orders ORDER BY id`)).toEqual(before);
      expect(await runner.query(`SELECT count(*)::int AS n FROM orders WHERE tax_exempt_certificate IS NOT NULL`)).toEqual([{ n: 0 }]);
    } finally {
      await runner.release();
    }
    // the app works on the remade table
    a.address = (await a.agents.owner.post('/api/practice/addresses').send(place('After migration')).expect(201)).body.id;
    b.address = (await b.agents.owner.post('/api/practice/addresses').send(place('book_b again')).expect(201)).body.id;
  });
});
