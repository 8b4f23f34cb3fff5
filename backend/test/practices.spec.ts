/**
 * Practices (issue 36) on the real app, PostgreSQL and a real SMTP server: registration makes the
 * practice, invitations by email (single use, 7 days, resend, revoke, wrong tokens), the practice's
 * shared orders and service requests with who placed them and 404 for another practice's, the
 * assistant's 403 at checkout, the last-owner rules, a removed member's own new practice, a signed-in
 * account joining, and the migration that made every existing customer a one-person practice's owner.
 * The sweep of every route × role × practice is practices-authorization.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ASSISTANT_CANNOT_ORDER } from '@dentalmarket/contracts/practices';
import { MIGRATIONS } from '../src/database/data-source.js';
import { Practices1765600000000 } from '../src/database/migrations/1765600000000-Practices.js';
import { PracticeWorld, SHOP } from './practices-fixtures.js';

const w = new PracticeWorld();
beforeAll(() => w.start('practices'));
afterAll(() => w.stop());

describe('registration', () => {
  it('creates the practice the account owns: named as given, or after the person', async () => {
    const named = await w.register('reg_named', { practice_name: '  Harbour Dental Practice ', full_name: 'Dr. Ann Lee' });
    const practice = (await named.get('/api/practice').expect(200)).body;
    expect(practice).toMatchObject({ name: 'Harbour Dental Practice', phone: null, tax_id: null, my_role: 'owner' });
    expect(practice.members).toEqual([expect.objectContaining({ username: 'reg_named', full_name: 'Dr. Ann Lee', role: 'owner' })]);

    // existing API clients send no practice_name: the practice is named after the person
    expect((await (await w.register('reg_full', { full_name: 'Dr. Bo Chan' })).get('/api/practice')).body.name).toBe('Dr. Bo Chan');
    expect((await (await w.register('reg_plain')).get('/api/practice')).body.name).toBe('reg_plain');
  });

  it('refuses an empty or overlong practice_name with a 400 naming it, and makes nothing', async () => {
    for (const practice_name of ['   ', 'x'.repeat(201), 42]) {
      const res = await request(w.t.http).post('/api/register').send({ username: 'reg_bad', email: 'reg_bad@practice.example', password: 'Practice!42', practice_name }).expect(400);
      expect(JSON.stringify(res.body.message)).toContain('practice_name');
    }
    expect(await w.t.dataSource.query(`SELECT 1 FROM users WHERE username = 'reg_bad'`)).toHaveLength(0);
  });

  it('a taken username leaves no practice behind', async () => {
    await w.register('reg_taken');
    const [{ count: before }] = await w.t.dataSource.query(`SELECT count(*)::int AS count FROM practices`);
    await request(w.t.http).post('/api/register').send({ username: 'REG_TAKEN', email: 'other@practice.example', password: 'Practice!42', practice_name: 'Dup' }).expect(409);
    const [{ count: after }] = await w.t.dataSource.query(`SELECT count(*)::int AS count FROM practices`);
    expect(after).toBe(before);
  });
});

describe('the team buys together', () => {
  it('an invited assistant and purchaser see every order and request of the practice, with who placed it; another practice sees none (404)', async () => {
    const owner = await w.register('team_owner', { practice_name: 'Team Dental', full_name: 'Dr. Tia Owner' });
    const before = w.received.length;
    await owner.post('/api/practice/invitations').send({ email: 'team_assistant@practice.example', role: 'assistant' }).expect(201);
    const token = await w.invitationToken('team_assistant@practice.example', before);
    const mail = w.received.filter((m) => m.to === 'team_assistant@practice.example').at(-1)!;
    expect(mail.subject).toBe('Dr. Tia Owner invited you to join Team Dental on DentalMarket');
    expect(mail.text).toContain('as an assistant');
    expect(mail.html).toContain(`<a href="${SHOP}/invitations/${token}">Accept the invitation</a>`);
    // only the token's hash is stored
    const [stored] = await w.t.dataSource.query(`SELECT token_hash FROM practice_invitations WHERE email = 'team_assistant@practice.example'`);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await w.t.dataSource.query(`SELECT * FROM practice_invitations`))).not.toContain(token);

    const preview = (await request(w.t.http).get(`/api/invitations/${token}`).expect(200)).body;
    expect(preview).toMatchObject({ practice_name: 'Team Dental', role: 'assistant', email: 'team_assistant@practice.example', invited_by: 'Dr. Tia Owner', valid: true, reason: null });

    const assistant = request.agent(w.t.http);
    const accepted = await assistant.post(`/api/invitations/${token}/accept`).send({ username: 'team_assistant', password: 'Practice!42', full_name: 'Amy Assistant' }).expect(200);
    expect(accepted.body).toMatchObject({ username: 'team_assistant', email: 'team_assistant@practice.example', role: 'customer' });
    expect((await assistant.get('/api/me').expect(200)).body.username).toBe('team_assistant'); // signed in
    const purchaser = await w.join(owner, 'team_purchaser', 'purchaser');

    const ownerOrder = await w.order(owner);
    const purchaserOrder = await w.order(purchaser);
    const request1 = await w.serviceRequest(owner);
    // an assistant prepares orders but does not place them
    const refused = await assistant.post('/api/orders').send({ lines: [{ product_id: w.p.cheap.id, quantity: 1, unit_price: w.p.cheap.price }], shipping: { fullName: 'Amy A', email: 'a@b.example', address: '1 Main Street', city: 'Portland', state: 'OR', zipCode: '97201' } }).expect(403);
    expect(refused.body.message).toBe(ASSISTANT_CANNOT_ORDER);

    for (const member of [owner, purchaser, assistant]) {
      const list = (await member.get('/api/orders').expect(200)).body;
      expect(list.total).toBe(2);
      expect(list.orders.map((o: { number: string; placed_by: string }) => [o.number, o.placed_by])).toEqual([
        [purchaserOrder, 'team_purchaser'],
        [ownerOrder, 'Dr. Tia Owner'],
      ]);
      expect((await member.get(`/api/orders/${ownerOrder}`).expect(200)).body.placed_by).toBe('Dr. Tia Owner');
      expect((await member.get('/api/service-requests').expect(200)).body.requests.map((r: { number: string }) => r.number)).toEqual([request1]);
      await member.get(`/api/service-requests/${request1}`).expect(200);
    }

    const stranger = await w.register('team_stranger');
    expect((await stranger.get('/api/orders').expect(200)).body).toMatchObject({ orders: [], total: 0 });
    expect((await stranger.get('/api/service-requests').expect(200)).body.total).toBe(0);
    for (const path of [`/api/orders/${ownerOrder}`, `/api/orders/${purchaserOrder}`, `/api/service-requests/${request1}`]) {
      expect((await stranger.get(path).expect(404)).body.statusCode).toBe(404);
    }
    // and the team sees none of the stranger's
    const strangerOrder = await w.order(stranger);
    for (const member of [owner, purchaser, assistant]) await member.get(`/api/orders/${strangerOrder}`).expect(404);
  });
});

describe('invitation links', () => {
  it('work once, for 7 days; a revoked, used, expired, replaced or wrong link is refused with a clear 4xx', async () => {
    const owner = await w.register('links_owner', { practice_name: 'Links Dental' });
    const mailFor = async (email: string) => {
      const before = w.received.length;
      const made = await owner.post('/api/practice/invitations').send({ email, role: 'purchaser' }).expect(201);
      expect(made.body).toMatchObject({ email, role: 'purchaser', status: 'pending' });
      const days = (Date.parse(made.body.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
      return { id: made.body.id as string, token: await w.invitationToken(email, before) };
    };

    // used
    const used = await mailFor('links_used@practice.example');
    await request(w.t.http).post(`/api/invitations/${used.token}/accept`).send({ username: 'links_used', password: 'Practice!42' }).expect(200);
    const again = await request(w.t.http).post(`/api/invitations/${used.token}/accept`).send({ username: 'links_used2', password: 'Practice!42' }).expect(410);
    expect(again.body.message).toBe('This invitation was already used: each link works once');
    expect((await request(w.t.http).get(`/api/invitations/${used.token}`).expect(200)).body).toMatchObject({ valid: false, reason: 'used' });

    // revoked
    const revoked = await mailFor('links_revoked@practice.example');
    await owner.delete(`/api/practice/invitations/${revoked.id}`).expect(204);
    await owner.delete(`/api/practice/invitations/${revoked.id}`).expect(404);
    expect((await request(w.t.http).post(`/api/invitations/${revoked.token}/accept`).send({ username: 'links_revoked', password: 'Practice!42' }).expect(410)).body.message).toBe(
      'This invitation was revoked by the practice',
    );

    // expired
    const expired = await mailFor('links_expired@practice.example');
    await w.t.dataSource.query(`UPDATE practice_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    expect((await request(w.t.http).get(`/api/invitations/${expired.token}`).expect(200)).body).toMatchObject({ valid: false, reason: 'expired' });
    expect((await request(w.t.http).post(`/api/invitations/${expired.token}/accept`).send({ username: 'links_expired', password: 'Practice!42' }).expect(410)).body.message).toContain('has expired');
    expect((await owner.get('/api/practice/invitations').expect(200)).body.find((i: { id: string }) => i.id === expired.id).status).toBe('expired');

    // resent: a new link, valid again; the old one is unknown
    const before = w.received.length;
    await owner.post(`/api/practice/invitations/${expired.id}/resend`).expect(200);
    const fresh = await w.invitationToken('links_expired@practice.example', before);
    expect(fresh).not.toBe(expired.token);
    await request(w.t.http).get(`/api/invitations/${expired.token}`).expect(404);
    await request(w.t.http).post(`/api/invitations/${fresh}/accept`).send({ username: 'links_expired', password: 'Practice!42' }).expect(200);

    // wrong: a well-formed token no invitation has, a forged signature, and a malformed one
    await request(w.t.http).get(`/api/invitations/${randomBytes(52).toString('base64url')}`).expect(404);
    // the used invitation's id and the next version, with a signature not made with the key
    const forged = Buffer.concat([Buffer.from(used.token, 'base64url').subarray(0, 16), Buffer.from([0, 0, 0, 2]), randomBytes(32)]).toString('base64url');
    await request(w.t.http).post(`/api/invitations/${forged}/accept`).send({ username: 'forger', password: 'Practice!42' }).expect(404);
    const malformed = await request(w.t.http).get('/api/invitations/not-a-token').expect(400);
    expect(JSON.stringify(malformed.body.message)).toContain('token');
  });

  it('signed out needs a username and password, as registration checks them; a taken email is a 409 saying to sign in', async () => {
    const owner = await w.register('fields_owner');
    const { token } = await (async () => {
      const before = w.received.length;
      await owner.post('/api/practice/invitations').send({ email: 'fields_new@practice.example', role: 'assistant' }).expect(201);
      return { token: await w.invitationToken('fields_new@practice.example', before) };
    })();
    expect((await request(w.t.http).post(`/api/invitations/${token}/accept`).send({}).expect(400)).body.message).toEqual([
      'username: required to create your account',
      'password: required to create your account',
    ]);
    expect(JSON.stringify((await request(w.t.http).post(`/api/invitations/${token}/accept`).send({ username: 'ab', password: '123' }).expect(400)).body.message)).toContain(
      'Username must be at least 3 characters',
    );
    await w.register('fields_new'); // the invited address now has an account
    expect((await request(w.t.http).post(`/api/invitations/${token}/accept`).send({ username: 'fields_x', password: 'Practice!42' }).expect(409)).body.message).toBe(
      'An account with fields_new@practice.example exists: sign in to it, then accept the invitation',
    );
  });

  it('an owner cannot invite a member, nor the same address twice while pending', async () => {
    const owner = await w.register('dup_owner');
    await owner.post('/api/practice/invitations').send({ email: 'dup_owner@practice.example', role: 'owner' }).expect(409);
    await owner.post('/api/practice/invitations').send({ email: 'dup_x@practice.example', role: 'owner' }).expect(201);
    expect((await owner.post('/api/practice/invitations').send({ email: 'DUP_X@practice.example', role: 'assistant' }).expect(409)).body.message).toContain('pending invitation');
  });
});

describe('signed in, accepting joins the account', () => {
  it('an account without orders joins, its empty practice goes; one with orders of its practice is refused (409 saying so)', async () => {
    const owner = await w.register('join_owner', { practice_name: 'Join Dental' });
    const invite = async (email: string) => {
      const before = w.received.length;
      await owner.post('/api/practice/invitations').send({ email, role: 'purchaser' }).expect(201);
      return w.invitationToken(email, before);
    };
    const fresh = await w.register('join_fresh');
    const [{ practice_id: oldPractice }] = await w.t.dataSource.query(`SELECT practice_id FROM users WHERE username = 'join_fresh'`);
    await fresh.post(`/api/invitations/${await invite('join_fresh@practice.example')}/accept`).send({}).expect(200);
    expect((await fresh.get('/api/practice').expect(200)).body).toMatchObject({ name: 'Join Dental', my_role: 'purchaser' });
    expect(await w.t.dataSource.query(`SELECT 1 FROM practices WHERE id = $1`, [oldPractice])).toHaveLength(0);
    await fresh.post(`/api/invitations/${await invite('join_fresh2@practice.example')}/accept`).send({}).expect(409);

    const buyer = await w.register('join_buyer');
    await w.order(buyer);
    const refused = await buyer.post(`/api/invitations/${await invite('join_buyer@practice.example')}/accept`).send({}).expect(409);
    expect(refused.body.message).toBe('Your account has orders or service requests of join_buyer, so it cannot join another practice: accept the invitation with a new account');

    const admin = request.agent(w.t.http);
    await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
    expect((await admin.post(`/api/invitations/${await invite('admin2@practice.example')}/accept`).send({}).expect(409)).body.message).toContain('An admin account cannot join');
  });
});

describe('people and roles', () => {
  it('the last owner can neither leave nor be demoted (409 naming why); with a second owner both can', async () => {
    const owner = await w.register('last_owner', { practice_name: 'Last Dental' });
    const ownerId = await w.memberId(owner);
    expect((await owner.patch(`/api/practice/members/${ownerId}`).send({ role: 'purchaser' }).expect(409)).body.message).toBe(
      'The last owner cannot become purchaser: make another member an owner first',
    );
    expect((await owner.delete(`/api/practice/members/${ownerId}`).expect(409)).body.message).toBe('You are the last owner: make another member an owner before you leave the practice');

    const second = await w.join(owner, 'last_second', 'purchaser');
    const secondId = await w.memberId(second);
    expect((await second.delete(`/api/practice/members/${ownerId}`).expect(403)).body.message).toBe('Only an owner of the practice can remove a member');
    await owner.patch(`/api/practice/members/${secondId}`).send({ role: 'owner' }).expect(200);
    expect((await second.delete(`/api/practice/members/${ownerId}`).expect(204)).body).toEqual({});
    expect((await second.patch(`/api/practice/members/${secondId}`).send({ role: 'assistant' }).expect(409)).body.message).toContain('The last owner cannot become assistant');
  });

  it('a removed member keeps the account, now the owner of a practice of their own; the orders stay with the practice', async () => {
    const owner = await w.register('rm_owner', { practice_name: 'Remove Dental' });
    const member = await w.join(owner, 'rm_member', 'purchaser');
    const number = await w.order(member);
    await owner.delete(`/api/practice/members/${await w.memberId(member)}`).expect(204);
    const own = (await member.get('/api/practice').expect(200)).body;
    expect(own).toMatchObject({ name: 'rm_member', my_role: 'owner' });
    expect(own.members).toHaveLength(1);
    await member.get(`/api/orders/${number}`).expect(404);
    expect((await owner.get(`/api/orders/${number}`).expect(200)).body.placed_by).toBe('rm_member');

    // a member may leave by themselves
    const leaver = await w.join(owner, 'rm_leaver', 'assistant');
    await leaver.delete(`/api/practice/members/${await w.memberId(leaver)}`).expect(204);
    expect((await owner.get('/api/practice').expect(200)).body.members.map((m: { username: string }) => m.username)).toEqual(['rm_owner']);
  });

  it("an owner edits the practice's details; a bad field is a 400 naming it", async () => {
    const owner = await w.register('edit_owner');
    const edited = (await owner.patch('/api/practice').send({ name: 'Edited Dental', phone: '+1 503 555 0100', tax_id: '12-3456789' }).expect(200)).body;
    expect(edited).toMatchObject({ name: 'Edited Dental', phone: '+1 503 555 0100', tax_id: '12-3456789' });
    expect((await owner.patch('/api/practice').send({ tax_id: null }).expect(200)).body.tax_id).toBeNull();
    for (const [body, field] of [[{ name: '' }, 'name'], [{ phone: 'call me' }, 'phone'], [{ tax_id: 'x'.repeat(41) }, 'tax_id'], [{ owner: 1 }, 'owner']] as const) {
      expect(JSON.stringify((await owner.patch('/api/practice').send(body).expect(400)).body.message)).toContain(field);
    }
  });
});

describe('the migration (1765600000000-Practices)', () => {
  it('makes every existing customer the owner of a one-person practice named after them; accounts and orders otherwise unchanged', async () => {
    const ds = w.t.dataSource;
    const migration = new Practices1765600000000();
    // the migrations after it (order guides…) hold keys to practices: undone before it, made again after
    const later = MIGRATIONS.slice(MIGRATIONS.indexOf(Practices1765600000000) + 1).map((Later) => new Later());
    const runner = ds.createQueryRunner();
    try {
      for (const step of [...later].reverse()) await step.down(runner);
      await migration.down(runner);
      // accounts as they were before issue 36: with and without a full name, an admin; their orders and a guest's
      const [named] = await runner.query(`INSERT INTO users (username, password, email, full_name) VALUES ('legacy_named', 'x', 'legacy_named@example.com', 'Dr. Old Timer') RETURNING id`);
      const [plain] = await runner.query(`INSERT INTO users (username, password, email, full_name) VALUES ('legacy_plain', 'x', 'legacy_plain@example.com', '  ') RETURNING id`);
      for (const user of [named.id, plain.id, named.id, null]) {
        await runner.query(
          `INSERT INTO orders (number, user_id, email, full_name, address, city, state, zip_code, subtotal_cents, shipping_cents, tax_cents, total_cents)
           VALUES ($1, $2, 'a@example.com', 'A', '1 Main Street', 'Portland', 'OR', '97201', 1000, 1500, 80, 2580)`,
          [`DM-M${Math.random().toString(36).slice(2, 7).toUpperCase()}`, user],
        );
      }
      const users = await runner.query(`SELECT to_jsonb(u) AS row FROM users u ORDER BY id`);
      const orders = await runner.query(`SELECT to_jsonb(o) AS row FROM orders o ORDER BY id`);
      const customers = await runner.query(`SELECT id, username, full_name, created_at FROM users WHERE role = 'customer' ORDER BY id`);
      expect(customers.length).toBeGreaterThan(10);

      await migration.up(runner);
      for (const step of later) await step.up(runner);

      // nothing else changed
      // (the columns as they were: this migration's and later ones' new columns aside)
      type Rows = Array<{ row: Record<string, unknown> }>;
      const as = (rows: Rows, before: Rows) => {
        const columns = new Set(before.flatMap(({ row }) => Object.keys(row)));
        return rows.map(({ row }) => Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k))));
      };
      const rowsOf = (rows: Rows) => rows.map(({ row }) => row);
      expect(as(await runner.query(`SELECT to_jsonb(u) AS row FROM users u ORDER BY id`), users)).toEqual(rowsOf(users));
      expect(as(await runner.query(`SELECT to_jsonb(o) AS row FROM orders o ORDER BY id`), orders)).toEqual(rowsOf(orders));
      // every customer the owner of a practice of their own, named after them; admins in none
      const after = await runner.query(
        `SELECT u.id, u.practice_role, p.id AS practice, p.name, p.created_at, (SELECT count(*)::int FROM users m WHERE m.practice_id = p.id) AS members
           FROM users u JOIN practices p ON p.id = u.practice_id WHERE u.role = 'customer' ORDER BY u.id`,
      );
      expect(after).toHaveLength(customers.length);
      after.forEach((row: { id: number; practice_role: string; name: string; members: number; created_at: Date }, i: number) => {
        expect(row).toMatchObject({ id: customers[i].id, practice_role: 'owner', members: 1, name: customers[i].full_name?.trim() || customers[i].username, created_at: customers[i].created_at });
      });
      expect(after.find((row: { id: number }) => row.id === named.id).name).toBe('Dr. Old Timer');
      expect(after.find((row: { id: number }) => row.id === plain.id).name).toBe('legacy_plain');
      expect(await runner.query(`SELECT 1 FROM users WHERE role = 'admin' AND (practice_id IS NOT NULL OR practice_role IS NOT NULL)`)).toHaveLength(0);
      // each order its account's practice's; a guest's none
      expect(await runner.query(`SELECT o.id FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.practice_id IS DISTINCT FROM u.practice_id`)).toEqual([]);
      expect(await runner.query(`SELECT s.id FROM service_requests s LEFT JOIN users u ON u.id = s.user_id WHERE s.practice_id IS DISTINCT FROM u.practice_id`)).toEqual([]);
    } finally {
      await runner.release();
    }
  });
});
