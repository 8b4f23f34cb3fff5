/**
 * Issue 36's authorization sweep: every /api/practice (the address book's too), /api/invitations and /api/order-guides route × each role (owner,
 * purchaser, assistant) × its own practice's records and another practice's. Another practice's
 * records answer 404 exactly as records that do not exist (0 leaks); what a role may not do in its
 * own practice answers 403; signed out 401; an admin (no practice) 403; a foreign Origin 403.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { SHIPPING } from './orders-fixtures.js';
import { PracticeWorld } from './practices-fixtures.js';

const place = (label: string) => ({ label, full_name: 'Dr. Jane Smith', address: `${label} 12 Harbour Street`, city: 'Portland', state: 'OR', zip_code: '97201' });

const w = new PracticeWorld();
type Role = 'owner' | 'purchaser' | 'assistant';
interface Team {
  agents: Record<Role, TestAgent>;
  ids: Record<Role, number>;
  invitation: string;
  order: string;
  serviceRequest: string;
  /** an order guide of the practice, and its line */
  guide: number;
  guideLine: number;
  /** an address of the practice's book */
  address: number;
}
let a: Team;
let b: Team;

async function team(name: string): Promise<Team> {
  const owner = await w.register(`${name}_owner`, { practice_name: `${name} Dental` });
  const purchaser = await w.join(owner, `${name}_purchaser`, 'purchaser');
  const assistant = await w.join(owner, `${name}_assistant`, 'assistant');
  const invitation = (await owner.post('/api/practice/invitations').send({ email: `${name}_pending@practice.example`, role: 'assistant' }).expect(201)).body.id as string;
  const agents = { owner, purchaser, assistant };
  const guide = (await assistant.post('/api/order-guides').send({ name: `${name} guide`, lines: [{ product_id: w.p.cheap.id, quantity: 2 }] }).expect(201)).body;
  const address = (await owner.post('/api/practice/addresses').send(place(`${name} main`)).expect(201)).body.id as number;
  return {
    address,
    guide: guide.id,
    guideLine: guide.lines[0].id,
    agents,
    ids: { owner: await w.memberId(owner), purchaser: await w.memberId(purchaser), assistant: await w.memberId(assistant) },
    invitation,
    order: await w.order(purchaser),
    serviceRequest: await w.serviceRequest(assistant),
  };
}

beforeAll(async () => {
  await w.start('practices_authz');
  a = await team('authz_a');
  b = await team('authz_b');
});
afterAll(() => w.stop());

const ROLES: Role[] = ['owner', 'purchaser', 'assistant'];

describe.each(ROLES)('a practice A %s', (role) => {
  const agent = () => a.agents[role];
  const owner = role === 'owner';

  it('reads its practice with its members and its own role; never practice B', async () => {
    const practice = (await agent().get('/api/practice').expect(200)).body;
    expect(practice).toMatchObject({ name: 'authz_a Dental', my_role: role, my_user_id: a.ids[role] });
    expect(practice.members.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([
      ['authz_a_owner', 'owner'],
      ['authz_a_purchaser', 'purchaser'],
      ['authz_a_assistant', 'assistant'],
    ]);
    expect(JSON.stringify(practice)).not.toContain('authz_b');
  });

  it("reads practice A's orders and service requests, and gets 404 for practice B's, as for ones that do not exist", async () => {
    await agent().get(`/api/orders/${a.order}`).expect(200);
    await agent().get(`/api/service-requests/${a.serviceRequest}`).expect(200);
    const missingOrder = (await agent().get('/api/orders/DM-ZZZZZZ').expect(404)).body;
    expect((await agent().get(`/api/orders/${b.order}`).expect(404)).body).toEqual(missingOrder);
    // shared within the practice, saying who sent it
    expect((await agent().get(`/api/service-requests/${a.serviceRequest}`).expect(200)).body.placed_by).toBe('authz_a_assistant');
    expect((await agent().get('/api/service-requests').expect(200)).body.requests.map((r: { number: string; placed_by: string }) => [r.number, r.placed_by])).toEqual([[a.serviceRequest, 'authz_a_assistant']]);
    // the PDF invoice (issue 36): any role of the practice; another practice's as one that does not exist
    expect((await agent().get(`/api/orders/${a.order}/invoice.pdf`).expect(200)).headers['content-type']).toBe('application/pdf');
    expect((await agent().get(`/api/orders/${b.order}/invoice.pdf`).expect(404)).body).toEqual((await agent().get('/api/orders/DM-ZZZZZZ/invoice.pdf').expect(404)).body);
    const missingRequest = (await agent().get('/api/service-requests/SR-ZZZZZZ').expect(404)).body;
    expect((await agent().get(`/api/service-requests/${b.serviceRequest}`).expect(404)).body).toEqual(missingRequest);
    const orders = (await agent().get('/api/orders').expect(200)).body.orders.map((o: { number: string }) => o.number);
    expect(orders).toEqual([a.order]);
  });

  it(owner ? 'edits the practice and manages invitations' : 'may not edit the practice nor see or manage invitations (403)', async () => {
    const expected = owner ? 200 : 403;
    await agent().patch('/api/practice').send({ phone: '+1 503 555 0199' }).expect(expected);
    await agent().get('/api/practice/invitations').expect(expected);
    await agent().post('/api/practice/invitations').send({ email: `sweep_${role}@practice.example`, role: 'assistant' }).expect(owner ? 201 : 403);
    await agent().post(`/api/practice/invitations/${a.invitation}/resend`).expect(owner ? 200 : 403);
    if (!owner) {
      await agent().delete(`/api/practice/invitations/${a.invitation}`).expect(403);
      await agent().patch(`/api/practice/members/${a.ids.assistant}`).send({ role: 'purchaser' }).expect(403);
      await agent().delete(`/api/practice/members/${a.ids.owner}`).expect(403);
    }
    if (owner) {
      const invitations = (await agent().get('/api/practice/invitations').expect(200)).body.map((i: { email: string }) => i.email);
      expect(invitations).toEqual(expect.arrayContaining(['authz_a_pending@practice.example']));
      expect(JSON.stringify(invitations)).not.toContain('authz_b');
    }
  });

  it("gets 404 for practice B's invitations and members, as for ones that do not exist (owners), or 403 as for any (others)", async () => {
    const calls: Array<[string, () => request.Test, () => request.Test]> = [
      ['resend', () => agent().post(`/api/practice/invitations/${b.invitation}/resend`), () => agent().post(`/api/practice/invitations/${randomUUID()}/resend`)],
      ['revoke', () => agent().delete(`/api/practice/invitations/${b.invitation}`), () => agent().delete(`/api/practice/invitations/${randomUUID()}`)],
      ['role', () => agent().patch(`/api/practice/members/${b.ids.purchaser}`).send({ role: 'owner' }), () => agent().patch('/api/practice/members/2147483000').send({ role: 'owner' })],
      ['remove', () => agent().delete(`/api/practice/members/${b.ids.assistant}`), () => agent().delete('/api/practice/members/2147483000')],
    ];
    for (const [what, other, missing] of calls) {
      const answer = await other();
      const none = await missing();
      expect([what, answer.status]).toEqual([what, owner ? 404 : 403]);
      expect([what, answer.body]).toEqual([what, none.body]);
    }
    // practice B is as it was
    const practiceB = (await b.agents.owner.get('/api/practice').expect(200)).body;
    expect(practiceB.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'purchaser', 'assistant']);
    expect((await b.agents.owner.get('/api/practice/invitations').expect(200)).body.map((i: { id: string }) => i.id)).toContain(b.invitation);
  });
});

/** Approvals (issue 36): each team's practice approves; its assistant submits one order per role and one left waiting. */
describe.each(ROLES)('approvals: a practice A %s', (role) => {
  const agent = () => a.agents[role];
  const owner = role === 'owner';
  let mine: string;
  let theirs: string;

  beforeAll(async () => {
    for (const team of [a, b]) await team.agents.owner.patch('/api/practice').send({ approvals_enabled: true }).expect(200);
    const submit = async (team: Team) =>
      (await team.agents.assistant.post('/api/orders').send({ lines: [{ product_id: w.p.cheap.id, quantity: 1, unit_price: w.p.cheap.price }], shipping: SHIPPING }).expect(201)).body.number as string;
    mine = await submit(a);
    theirs = await submit(b);
  });

  it(owner ? "lists practice A's orders awaiting approval, never B's" : 'may not list the orders awaiting approval (403)', async () => {
    const answer = await agent().get('/api/practice/approvals').expect(owner ? 200 : 403);
    if (owner) {
      const numbers = answer.body.orders.map((o: { number: string }) => o.number);
      expect(numbers).toContain(mine);
      expect(numbers).not.toContain(theirs);
    }
  });

  it("gets 404 for practice B's waiting order, as for one that does not exist, whatever the role; B's order keeps waiting", async () => {
    for (const [what, call] of [
      ['approve', (n: string) => agent().post(`/api/orders/${n}/approve`)],
      ['decline', (n: string) => agent().post(`/api/orders/${n}/decline`).send({ reason: 'sweep' })],
    ] as const) {
      const answer = await call(theirs);
      const none = await call('DM-ZZZZZZ');
      expect([what, answer.status, answer.body]).toEqual([what, 404, none.body]);
    }
    expect((await b.agents.owner.get(`/api/orders/${theirs}`).expect(200)).body.status).toBe('awaiting_approval');
  });

  it(owner ? "approves and declines practice A's waiting orders" : "may not approve or decline practice A's waiting order (403)", async () => {
    if (owner) {
      expect((await agent().post(`/api/orders/${mine}/approve`).expect(200)).body).toMatchObject({ status: 'placed', approved_by: 'authz_a_owner' });
      const another = (await a.agents.assistant.post('/api/orders').send({ lines: [{ product_id: w.p.cheap.id, quantity: 1, unit_price: w.p.cheap.price }], shipping: SHIPPING }).expect(201)).body.number;
      expect((await agent().post(`/api/orders/${another}/decline`).send({ reason: 'sweep' }).expect(200)).body.status).toBe('declined');
    } else {
      await agent().post(`/api/orders/${mine}/approve`).expect(403);
      await agent().post(`/api/orders/${mine}/decline`).send({ reason: 'sweep' }).expect(403);
      expect((await a.agents.owner.get(`/api/orders/${mine}`).expect(200)).body.status).toBe('awaiting_approval');
    }
  });
});

describe.each(ROLES)('a practice A %s and order guides', (role) => {
  const agent = () => a.agents[role];

  it("lists, reads, makes, edits, adds to the cart and deletes practice A's order guides; never sees practice B's", async () => {
    const list = (await agent().get('/api/order-guides').expect(200)).body;
    expect(list.guides.map((g: { id: number }) => g.id)).toContain(a.guide);
    expect(JSON.stringify(list)).not.toContain('authz_b');
    expect((await agent().get(`/api/order-guides/${a.guide}`).expect(200)).body.lines).toHaveLength(1);
    const mine = (await agent().post('/api/order-guides').send({ name: `sweep ${role}`, from_order: a.order }).expect(201)).body;
    await agent().patch(`/api/order-guides/${mine.id}`).send({ name: `sweep ${role} renamed` }).expect(200);
    const added = (await agent().post(`/api/order-guides/${mine.id}/lines`).send({ product_id: w.p.chair.id, quantity: 1 }).expect(200)).body;
    await agent().patch(`/api/order-guides/${mine.id}/lines/${added.lines[1].id}`).send({ quantity: 3, position: 0 }).expect(200);
    await agent().delete(`/api/order-guides/${mine.id}/lines/${added.lines[1].id}`).expect(200);
    expect((await agent().post(`/api/order-guides/${a.guide}/add-to-cart`).expect(200)).body.lines).toEqual([expect.objectContaining({ id: w.p.cheap.id, quantity: 2 })]);
    await agent().delete(`/api/order-guides/${mine.id}`).expect(204);
  });

  it("gets 404 for practice B's order guide and its line on every route, exactly as for ones that do not exist", async () => {
    const missing = 2147483000;
    const routes: Array<[string, (guide: number, line: number) => request.Test]> = [
      ['read', (g) => agent().get(`/api/order-guides/${g}`)],
      ['rename', (g) => agent().patch(`/api/order-guides/${g}`).send({ name: 'Taken over' })],
      ['add a line', (g) => agent().post(`/api/order-guides/${g}/lines`).send({ product_id: w.p.chair.id, quantity: 1 })],
      ['change a line', (g, l) => agent().patch(`/api/order-guides/${g}/lines/${l}`).send({ quantity: 9 })],
      ['remove a line', (g, l) => agent().delete(`/api/order-guides/${g}/lines/${l}`)],
      ['add all to cart', (g) => agent().post(`/api/order-guides/${g}/add-to-cart`)],
      ['delete', (g) => agent().delete(`/api/order-guides/${g}`)],
      // practice A's guide with practice B's line: no such line
      ["change B's line on A's guide", (_g, l) => agent().patch(`/api/order-guides/${a.guide}/lines/${l}`).send({ quantity: 9 })],
    ];
    for (const [what, call] of routes) {
      const answer = await call(b.guide, b.guideLine);
      const none = await call(missing, missing);
      expect([what, answer.status]).toEqual([what, 404]);
      expect([what, answer.body]).toEqual([what, none.body]);
    }
    // making a guide from practice B's order: as for an order that does not exist
    const fromB = await agent().post('/api/order-guides').send({ name: 'From B', from_order: b.order });
    expect([fromB.status, fromB.body]).toEqual([404, (await agent().post('/api/order-guides').send({ name: 'From B', from_order: 'DM-ZZZZZZ' })).body]);
    // practice B's guide is as it was
    const guideB = (await b.agents.owner.get(`/api/order-guides/${b.guide}`).expect(200)).body;
    expect([guideB.name, guideB.lines.map((l: { id: number; quantity: number }) => [l.id, l.quantity])]).toEqual(['authz_b guide', [[b.guideLine, 2]]]);
  });
});

describe.each(ROLES)('a practice A %s and the address book', (role) => {
  const agent = () => a.agents[role];
  const manages = role !== 'assistant';

  it(manages ? "reads and changes practice A's book; never sees practice B's" : "reads practice A's book but may not change it (403)", async () => {
    const list = (await agent().get('/api/practice/addresses').expect(200)).body;
    expect(list.map((x: { id: number }) => x.id)).toContain(a.address);
    expect(JSON.stringify(list)).not.toContain('authz_b');
    const made = await agent().post('/api/practice/addresses').send(place(`By ${role}`));
    expect(made.status).toBe(manages ? 201 : 403);
    await agent().patch(`/api/practice/addresses/${a.address}`).send({ state: 'WA' }).expect(manages ? 200 : 403);
    if (manages) await agent().delete(`/api/practice/addresses/${made.body.id}`).expect(204);
    else {
      expect(made.body.message).toBe('Only an owner or a purchaser of the practice can change its address book');
      await agent().delete(`/api/practice/addresses/${a.address}`).expect(403);
    }
  });

  it("gets 404 for practice B's address on every route, exactly as for one that does not exist; B's book is as it was", async () => {
    const missing = 2147483000;
    const routes: Array<[string, (id: number) => request.Test]> = [
      ['edit', (id) => agent().patch(`/api/practice/addresses/${id}`).send({ city: 'Taken' })],
      ['make default', (id) => agent().patch(`/api/practice/addresses/${id}`).send({ is_default: true })],
      ['remove', (id) => agent().delete(`/api/practice/addresses/${id}`)],
    ];
    for (const [what, call] of routes) {
      const answer = await call(b.address);
      const none = await call(missing);
      expect([what, answer.status]).toEqual([what, 404]);
      expect([what, answer.body]).toEqual([what, none.body]);
    }
    const bookB = (await b.agents.owner.get('/api/practice/addresses').expect(200)).body;
    expect(bookB.map((x: { id: number; city: string; is_default: boolean }) => [x.id, x.city, x.is_default])).toEqual([[b.address, 'Portland', true]]);
  });
});

describe('without a practice', () => {
  const routes: Array<[string, string, object | null]> = [
    ['get', '/api/practice', null],
    ['get', '/api/practice/approvals', null],
    ['post', '/api/orders/DM-ZZZZZZ/approve', null],
    ['post', '/api/orders/DM-ZZZZZZ/decline', { reason: 'x' }],
    ['patch', '/api/practice', { name: 'x' }],
    ['get', '/api/practice/invitations', null],
    ['post', '/api/practice/invitations', { email: 'x@practice.example', role: 'owner' }],
    ['post', `/api/practice/invitations/${randomUUID()}/resend`, null],
    ['delete', `/api/practice/invitations/${randomUUID()}`, null],
    ['patch', '/api/practice/members/1', { role: 'owner' }],
    ['delete', '/api/practice/members/1', null],
    ['get', '/api/order-guides', null],
    ['post', '/api/order-guides', { name: 'x' }],
    ['get', '/api/order-guides/1', null],
    ['patch', '/api/order-guides/1', { name: 'x' }],
    ['delete', '/api/order-guides/1', null],
    ['post', '/api/order-guides/1/lines', { product_id: 1, quantity: 1 }],
    ['patch', '/api/order-guides/1/lines/1', { quantity: 1 }],
    ['delete', '/api/order-guides/1/lines/1', null],
    ['post', '/api/order-guides/1/add-to-cart', null],
    ['get', '/api/practice/addresses', null],
    ['post', '/api/practice/addresses', place('Admin')],
    ['patch', '/api/practice/addresses/1', { city: 'Salem' }],
    ['delete', '/api/practice/addresses/1', null],
  ];

  it.each(routes)('%s %s: signed out 401, an admin 403', async (method, path, body) => {
    const call = (agent: TestAgent | ReturnType<typeof request>) => (agent as unknown as Record<string, (p: string) => request.Test>)[method]!(path).send(body ?? {});
    await call(request(w.t.http)).expect(401);
    const admin = request.agent(w.t.http);
    await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
    expect((await call(admin).expect(403)).body.message).toBe('Practices are for shopper accounts: an admin account belongs to none');
  });

  it('a foreign Origin is refused before anything changes', async () => {
    const before = (await a.agents.owner.get('/api/practice').expect(200)).body.name;
    await a.agents.owner.patch('/api/practice').set('Origin', 'https://evil.example').send({ name: 'Evil' }).expect(403);
    await a.agents.owner.post('/api/practice/invitations').set('Origin', 'https://evil.example').send({ email: 'evil@practice.example', role: 'owner' }).expect(403);
    await a.agents.owner.patch(`/api/order-guides/${a.guide}`).set('Origin', 'https://evil.example').send({ name: 'Evil' }).expect(403);
    await a.agents.owner.delete(`/api/order-guides/${a.guide}`).set('Origin', 'https://evil.example').expect(403);
    expect((await a.agents.owner.get(`/api/order-guides/${a.guide}`).expect(200)).body.name).toBe('authz_a guide');
    expect((await a.agents.owner.get('/api/practice').expect(200)).body.name).toBe(before);
  });
});

/**
 * The matrix (issue 36's goal "every practice route × 3 roles × own/other: 0 leaks"): each shopper
 * route that names or lists a practice's records, for each role, called on its own practice's record
 * (answered as the role may: never 404) and on practice B's (answered exactly as a record that does
 * not exist: same status, same body; a list never shows B's). Own records that a call changes are
 * made for the run (a guide, an invitation); the last owner's leaving is refused (409), not done.
 */
interface Ids {
  order: string;
  serviceRequest: string;
  guide: number;
  line: number;
  invitation: string;
  member: number;
}
type RecordRoute = [name: string, ownersOnly: boolean, call: (agent: TestAgent, ids: Ids) => request.Test];
const RECORD_ROUTES: RecordRoute[] = [
  ['GET /api/orders/{number}', false, (x, i) => x.get(`/api/orders/${i.order}`)],
  ['POST /api/orders/{number}/approve', true, (x, i) => x.post(`/api/orders/${i.order}/approve`)],
  ['POST /api/orders/{number}/decline', true, (x, i) => x.post(`/api/orders/${i.order}/decline`).send({ reason: 'matrix' })],
  ['GET /api/service-requests/{number}', false, (x, i) => x.get(`/api/service-requests/${i.serviceRequest}`)],
  ['POST /api/order-guides (from_order)', false, (x, i) => x.post('/api/order-guides').send({ name: 'Matrix copy', from_order: i.order })],
  ['GET /api/order-guides/{id}', false, (x, i) => x.get(`/api/order-guides/${i.guide}`)],
  ['PATCH /api/order-guides/{id}', false, (x, i) => x.patch(`/api/order-guides/${i.guide}`).send({ name: 'Matrix renamed' })],
  ['POST /api/order-guides/{id}/lines', false, (x, i) => x.post(`/api/order-guides/${i.guide}/lines`).send({ product_id: w.p.chair.id, quantity: 1 })],
  ['PATCH /api/order-guides/{id}/lines/{lineId}', false, (x, i) => x.patch(`/api/order-guides/${i.guide}/lines/${i.line}`).send({ quantity: 4 })],
  ['POST /api/order-guides/{id}/add-to-cart', false, (x, i) => x.post(`/api/order-guides/${i.guide}/add-to-cart`)],
  ['DELETE /api/order-guides/{id}/lines/{lineId}', false, (x, i) => x.delete(`/api/order-guides/${i.guide}/lines/${i.line}`)],
  ['DELETE /api/order-guides/{id}', false, (x, i) => x.delete(`/api/order-guides/${i.guide}`)],
  ['POST /api/practice/invitations/{id}/resend', true, (x, i) => x.post(`/api/practice/invitations/${i.invitation}/resend`)],
  ['DELETE /api/practice/invitations/{id}', true, (x, i) => x.delete(`/api/practice/invitations/${i.invitation}`)],
  ['PATCH /api/practice/members/{userId}', true, (x, i) => x.patch(`/api/practice/members/${i.member}`).send({ role: 'owner' })],
  ['DELETE /api/practice/members/{userId}', true, (x, i) => x.delete(`/api/practice/members/${i.member}`)],
];
type ListRoute = [name: string, ownersOnly: boolean, path: string, own: (t: Team) => string];
const LIST_ROUTES: ListRoute[] = [
  ['GET /api/practice', false, '/api/practice', (t) => (t === a ? 'authz_a Dental' : 'authz_b Dental')],
  ['GET /api/orders', false, '/api/orders?limit=100', (t) => t.order],
  ['GET /api/service-requests', false, '/api/service-requests?limit=100', (t) => t.serviceRequest],
  ['GET /api/order-guides', false, '/api/order-guides', (t) => (t === a ? 'authz_a guide' : 'authz_b guide')],
  ['GET /api/practice/approvals', true, '/api/practice/approvals', (t) => (t === a ? 'authz_a_assistant' : 'authz_b_assistant')],
  ['GET /api/practice/invitations', true, '/api/practice/invitations', (t) => t.invitation],
];
const MISSING: Ids = { order: 'DM-ZZZZZZ', serviceRequest: 'SR-ZZZZZZ', guide: 2147483000, line: 2147483001, invitation: '00000000-0000-4000-8000-000000000000', member: 2147483002 };
const checked: string[] = [];

describe.each(ROLES)('the matrix: a practice A %s on every practice route, own and other', (role) => {
  const agent = () => a.agents[role];
  let own: Ids;
  let other: Ids;

  beforeAll(async () => {
    const guide = (await agent().post('/api/order-guides').send({ name: `matrix ${role}`, lines: [{ product_id: w.p.cheap.id, quantity: 1 }] }).expect(201)).body;
    const invitation = (await a.agents.owner.post('/api/practice/invitations').send({ email: `matrix_${role}@practice.example`, role: 'assistant' }).expect(201)).body.id;
    // the member route on its own practice: the owner's own account (the last owner: its leaving or change is refused, 409)
    own = { order: a.order, serviceRequest: a.serviceRequest, guide: guide.id, line: guide.lines[0].id, invitation, member: a.ids.owner };
    other = { order: b.order, serviceRequest: b.serviceRequest, guide: b.guide, line: b.guideLine, invitation: b.invitation, member: b.ids.owner };
  });

  it.each(RECORD_ROUTES)("%s: practice B's record answers as one that does not exist; its own, as the role may", async (name, ownersOnly, call) => {
    const missing = await call(agent(), MISSING);
    const theirs = await call(agent(), other);
    expect([name, theirs.status, theirs.body]).toEqual([name, missing.status, missing.body]);
    // an owners' route answers others 403 for any record, or 404 for one not of their practice (approvals: the order first)
    expect([name, missing.status]).toEqual([name, ownersOnly && role !== 'owner' ? expect.any(Number) : 404]);
    expect([name, [403, 404].includes(missing.status)]).toEqual([name, true]);
    const mine = await call(agent(), own);
    expect([name, mine.status === 404 || mine.status >= 500 ? mine.status : 'answered']).toEqual([name, 'answered']);
    if (ownersOnly && role !== 'owner') expect([name, mine.status]).toEqual([name, 403]);
    checked.push(`${role} ${name} own`, `${role} ${name} other`);
  });

  it.each(LIST_ROUTES)("%s: lists practice A's records, never practice B's", async (name, ownersOnly, path, mark) => {
    const answer = await agent().get(path);
    if (ownersOnly && role !== 'owner') {
      expect([name, answer.status]).toEqual([name, 403]);
    } else {
      expect([name, answer.status]).toEqual([name, 200]);
      const text = JSON.stringify(answer.body);
      if (name !== 'GET /api/practice/approvals') expect([name, text.includes(mark(a))]).toEqual([name, true]);
      expect([name, text.includes(mark(b)), text.includes('authz_b')]).toEqual([name, false, false]);
    }
    checked.push(`${role} ${name} own`, `${role} ${name} other`);
  });
});

afterAll(() => {
  // 16 record routes and 6 lists, × 3 roles × own and other
  expect(new Set(checked).size).toBe((RECORD_ROUTES.length + LIST_ROUTES.length) * ROLES.length * 2);
});
