/**
 * API keys (issue 35) over real HTTP on the run's PostgreSQL: an admin makes keys, programs use them
 * on the admin routes their scopes open and nowhere else; bad, expired, revoked and rolled-away keys
 * are refused with a Bearer challenge; a keyed request has no session and is not subject to the
 * origin rule; each key has its own rate limit, shared through the database.
 */
import request from 'supertest';
import { API_KEY_LIMITS, API_KEY_SCOPES, type ApiKeyScope } from '@dentalmarket/contracts/api-keys';
import { checksumOf } from '../src/api-keys/api-key-secret.js';
import { eventually } from './eventually.js';
import { SHIPPING } from './orders-fixtures.js';
import { useApiKeysApp, type Method, t, dataSource, admin, logText, keyed, createKey, challenge } from './api-keys-fixtures.js';

useApiKeysApp();


describe('managing keys (a signed-in admin)', () => {
  it('shows the secret in the creating answer only: the list never has it, nor its hash', async () => {
    const created = await admin.post('/api/admin/api-keys').send({ name: 'ERP stock sync', scopes: ['catalogue:read', 'orders:read'], expires_at: '2099-01-31T00:00:00Z' }).expect(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { key, secret } = created.body;
    expect(secret).toMatch(/^dm_sk_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    expect(key).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'ERP stock sync',
      prefix: secret.slice(0, 14),
      scopes: ['catalogue:read', 'orders:read'],
      created_by: 'admin',
      created_at: expect.any(String),
      expires_at: '2099-01-31T00:00:00.000Z',
      revoked_at: null,
      last_used_at: null,
      last_used_ip: null,
      previous_secret_expires_at: null,
    });
    const list = await admin.get('/api/admin/api-keys').expect(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body[0]).toEqual(key);
    const [{ secret_hash }] = await dataSource.query(`SELECT secret_hash FROM api_keys WHERE id = $1`, [key.id]);
    expect(list.text).not.toContain(secret);
    expect(list.text).not.toContain(secret.slice(14));
    expect(list.text).not.toContain(secret_hash);
  });

  it('lists newest first: the keys in use, and revoked ones for 90 days', async () => {
    const older = await createKey(['catalogue:read']);
    const newer = await createKey(['catalogue:read']);
    const gone = await createKey(['catalogue:read']);
    await admin.post(`/api/admin/api-keys/${gone.key.id}/revoke`).expect(200);
    const longGone = await createKey(['catalogue:read']);
    await admin.post(`/api/admin/api-keys/${longGone.key.id}/revoke`).expect(200);
    await dataSource.query(`UPDATE api_keys SET revoked_at = now() - interval '91 days' WHERE id = $1`, [longGone.key.id]);
    const ids = (await admin.get('/api/admin/api-keys').expect(200)).body.map((k: { id: string }) => k.id);
    expect(ids).toEqual(expect.arrayContaining([older.key.id, newer.key.id, gone.key.id]));
    expect(ids).not.toContain(longGone.key.id);
    expect(ids.indexOf(gone.key.id)).toBeLessThan(ids.indexOf(newer.key.id));
    expect(ids.indexOf(newer.key.id)).toBeLessThan(ids.indexOf(older.key.id));
  });

  it.each([
    [{ scopes: ['catalogue:read'] }, /name/],
    [{ name: '', scopes: ['catalogue:read'] }, /name is required/],
    [{ name: ' \u200b ', scopes: ['catalogue:read'] }, /name must contain visible characters/],
    [{ name: 'x'.repeat(API_KEY_LIMITS.nameMax + 1), scopes: ['catalogue:read'] }, /name must be shorter than or equal to 80 characters/],
    [{ name: 'k', scopes: [] }, /scopes must name at least one scope/],
    [{ name: 'k', scopes: ['catalogue:read', 'catalogue:read'] }, /scopes must not name a scope twice/],
    [{ name: 'k', scopes: ['catalogue:admin'] }, /each of scopes must be one of: catalogue:read/],
    [{ name: 'k', scopes: 'catalogue:read' }, /scopes must be a list/],
    [{ name: 'k', scopes: ['catalogue:read'], expires_at: '2020-01-01T00:00:00Z' }, /expires_at must be in the future/],
    [{ name: 'k', scopes: ['catalogue:read'], expires_at: '2099-02-30T00:00:00Z' }, /expires_at must be an ISO 8601 date-time with a time zone/],
    [{ name: 'k', scopes: ['catalogue:read'], expires_at: '2099-01-01T00:00:00' }, /expires_at must be an ISO 8601 date-time with a time zone/],
    [{ name: 'k', scopes: ['catalogue:read'], expires_at: 4102444800 }, /expires_at must be an ISO 8601 date-time/],
    [{ name: 'k', scopes: ['catalogue:read'], secret: 'dm_sk_mine' }, /property secret should not exist/],
  ])('refuses a bad key %j with 400 naming the problem', async (body, message) => {
    const res = await admin.post('/api/admin/api-keys').send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect([res.body.message].flat().join('; ')).toMatch(message);
  });

  it('takes expires_at null as never', async () => {
    const res = await admin.post('/api/admin/api-keys').send({ name: 'No end', scopes: ['orders:read'], expires_at: null }).expect(201);
    expect(res.body.key.expires_at).toBeNull();
  });

  it(`refuses a key beyond ${API_KEY_LIMITS.activeMax} not revoked with 409, also when asked for at once`, async () => {
    const [{ active }] = await dataSource.query(`SELECT count(*)::int AS active FROM api_keys WHERE revoked_at IS NULL`);
    const missing = API_KEY_LIMITS.activeMax - active;
    await dataSource.query(
      `INSERT INTO api_keys (id, name, prefix, secret_hash, scopes) SELECT gen_random_uuid(), 'filler', 'dm_sk_filler00', md5(random()::text), '{catalogue:read}' FROM generate_series(1, $1)`,
      [missing - 2],
    );
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => admin.post('/api/admin/api-keys').send({ name: `Race ${i}`, scopes: ['catalogue:read'] })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(`This shop already has ${API_KEY_LIMITS.activeMax} API keys that are not revoked: revoke one before creating another`);
    await dataSource.query(`DELETE FROM api_keys WHERE name = 'filler' OR name LIKE 'Race %'`);
  });

  it('revokes idempotently, and answers 404 for an unknown key and 400 for a malformed id', async () => {
    const { key } = await createKey(['catalogue:read']);
    const first = await admin.post(`/api/admin/api-keys/${key.id}/revoke`).expect(200);
    expect(first.body.revoked_at).toEqual(expect.any(String));
    const again = await admin.post(`/api/admin/api-keys/${key.id}/revoke`).expect(200);
    expect(again.body.revoked_at).toBe(first.body.revoked_at);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/api/admin/api-keys/${unknown}/revoke`).expect(404)).body).toEqual({ statusCode: 404, message: 'API key not found', error: 'Not Found' });
    await admin.post(`/api/admin/api-keys/${unknown}/roll`).send({ grace_hours: 0 }).expect(404);
    expect((await admin.post('/api/admin/api-keys/42/revoke').expect(400)).body.message).toEqual(['id must be an API key id (a UUID)']);
    expect((await admin.post(`/api/admin/api-keys/${key.id}/roll`).send({ grace_hours: 1 }).expect(409)).body.message).toMatch(/revoked API key cannot be rolled/);
  });

  it.each([[-1], [API_KEY_LIMITS.rollGraceHoursMax + 1], [1.5], ['24'], [null]])('refuses grace_hours %j with 400', async (grace) => {
    const { key } = await createKey(['catalogue:read']);
    const res = await admin.post(`/api/admin/api-keys/${key.id}/roll`).send({ grace_hours: grace }).expect(400);
    // a string or a fraction is refused by the global number rule, in its own words; both name the field
    expect([res.body.message].flat().join('; ')).toMatch(/grace_hours/);
  });
});

describe('using a key', () => {
  it('with catalogue:read lists the admin products but may not create one (403 naming catalogue:write)', async () => {
    const { secret } = await createKey(['catalogue:read']);
    const list = await keyed(secret, 'get', '/api/admin/products').expect(200);
    expect(list.body.products.length).toBeGreaterThan(0);
    const create = await keyed(secret, 'post', '/api/admin/products').send({ name: 'Keyed product', manufacturer: 'Testmaker', product_type: 'equipment', category_id: 1 }).expect(403);
    expect(create.body).toEqual({ statusCode: 403, message: 'This API key lacks the scope catalogue:write', error: 'Forbidden' });
    expect(create.headers['www-authenticate']).toEqual(expect.stringContaining('error="insufficient_scope"'));
    expect(create.headers['www-authenticate']).toEqual(expect.stringContaining('scope="catalogue:write"'));
  });

  it('opens with each scope a route it names, and not one that another scope names', async () => {
    const order = 'DM-ZZZZZZ';
    const [{ id: customer }] = await dataSource.query(`SELECT id FROM users WHERE role = 'customer' ORDER BY id LIMIT 1`);
    const [{ id: category }] = await dataSource.query(`SELECT id FROM categories ORDER BY id LIMIT 1`);
    // [scope, a route it opens (answered past the guard, unknown ids included), a route it does not open]
    const cases: Array<[ApiKeyScope, [Method, string, object?] | null, [Method, string, object?]]> = [
      ['catalogue:read', ['get', `/api/admin/categories/${category}/usage`], ['delete', '/api/admin/products/2147483647']],
      ['catalogue:write', ['delete', '/api/admin/products/2147483647'], ['get', '/api/admin/products']],
      ['orders:read', ['get', `/api/admin/orders/${order}`], ['post', `/api/admin/orders/${order}/status`, { status: 'delivered' }]],
      ['orders:write', ['post', '/api/admin/service-requests/SR-ZZZZZZ/status', { status: 'contacted' }], ['get', '/api/admin/service-requests']],
      ['customers:read', ['get', `/api/admin/customers/${customer}`], ['get', '/api/admin/orders/stats']],
      ['imports:write', ['get', '/api/admin/imports/template.csv'], ['get', '/api/admin/customers']],
      // webhooks come later: the scope opens nothing yet
      ['webhooks:write', null, ['get', '/api/admin/imports']],
    ];
    expect(cases.map(([scope]) => scope)).toEqual([...API_KEY_SCOPES]);
    for (const [scope, opens, [shutMethod, shutUrl, shutBody]] of cases) {
      const { secret } = await createKey([scope]);
      if (opens) {
        const [openMethod, openUrl, openBody] = opens;
        const open = await keyed(secret, openMethod, openUrl).send(openBody);
        expect(`${scope} ${openMethod} ${openUrl} ${[401, 403].includes(open.status) || open.status >= 500 ? open.status : 'ok'}`).toBe(`${scope} ${openMethod} ${openUrl} ok`);
      }
      const shut = await keyed(secret, shutMethod, shutUrl).send(shutBody);
      expect(`${scope} ${shutMethod} ${shutUrl} ${shut.status} ${shut.body.message}`).toMatch(new RegExp(`^${scope} ${shutMethod} ${shutUrl} 403 This API key lacks the scope `));
    }
  });

  it('writes with catalogue:write: a product made, changed and deleted by a program', async () => {
    const { secret } = await createKey(['catalogue:write']);
    const [{ id: category }] = await dataSource.query(`SELECT id FROM categories WHERE product_type = 'equipment' ORDER BY id LIMIT 1`);
    const created = await keyed(secret, 'post', '/api/admin/products').send({ name: 'Keyed Autoclave', manufacturer: 'Testmaker', product_type: 'equipment', category_id: category, price: '10.00' }).expect(201);
    await keyed(secret, 'put', `/api/admin/products/${created.body.id}`).send({ price: '12.00' }).expect(200);
    await keyed(secret, 'delete', `/api/admin/products/${created.body.id}`).expect(200);
    await keyed(secret, 'put', `/api/admin/products/${created.body.id}`).send({ price: '12.00' }).expect(404);
  });

  it('refuses keys on every admin route that names no scope (403: a signed-in admin is needed), managing keys included', async () => {
    const { secret } = await createKey([...API_KEY_SCOPES]);
    const routes: Array<[Method, string, object?]> = [
      ['get', '/api/admin/api-keys'],
      ['post', '/api/admin/api-keys', { name: 'Made by a key', scopes: ['catalogue:read'] }],
      ['get', '/api/admin/session'],
      ['get', '/api/admin/analytics/orders'],
      ['get', '/api/admin/integrations'],
      ['get', '/api/admin/gemini/status'],
      ['post', '/api/admin/customers/1/disable'],
    ];
    for (const [method, url, body] of routes) {
      const res = await keyed(secret, method, url).send(body);
      expect(`${method} ${url} ${res.status} ${res.body.message}`).toBe(`${method} ${url} 403 This route needs a signed-in admin: API keys cannot use it`);
    }
    const [{ made }] = await dataSource.query(`SELECT count(*)::int AS made FROM api_keys WHERE name = 'Made by a key'`);
    expect(made).toBe(0);
  });

  it('records an order status change under the key, as its history shows', async () => {
    const [product] = await dataSource.query(`SELECT id, price FROM products WHERE product_type = 'equipment' AND in_stock ORDER BY id LIMIT 1`);
    const placed = await request(t.http).post('/api/orders').send({ lines: [{ product_id: product.id, quantity: 1, unit_price: product.price }], shipping: SHIPPING }).expect(201);
    const { key, secret } = await createKey(['orders:read', 'orders:write'], { name: 'Fulfilment robot' });
    await keyed(secret, 'post', `/api/admin/orders/${placed.body.number}/status`).send({ status: 'processing' }).expect(200);
    const order = await keyed(secret, 'get', `/api/admin/orders/${placed.body.number}`).expect(200);
    expect(order.body.events.map((e: { actor: string }) => e.actor)).toEqual(['guest', `API key Fulfilment robot (${key.prefix})`]);
  });

  it('sets no cookie and uses no session: an admin cookie beside a key neither signs in nor widens the key', async () => {
    const { secret } = await createKey(['catalogue:read']);
    const plain = await keyed(secret, 'get', '/api/admin/products').expect(200);
    expect(plain.headers['set-cookie']).toBeUndefined();
    // the admin's own cookie, sent with the key: the key alone decides
    const withCookie = await admin.get('/api/admin/api-keys').set('Authorization', `Bearer ${secret}`).expect(403);
    expect(withCookie.headers['set-cookie']).toBeUndefined();
    await admin.post('/api/admin/products').set('Authorization', `Bearer ${secret}`).send({ name: 'x', manufacturer: 'y', product_type: 'equipment', category_id: 1 }).expect(403);
    const before = await dataSource.query(`SELECT count(*)::int AS n FROM "session"`);
    await keyed(secret, 'get', '/api/admin/products').expect(200);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM "session"`)).toEqual(before);
  });

  it('is not held to the origin rule, which still refuses a cookie request from the same foreign Origin', async () => {
    const { secret } = await createKey(['orders:write']);
    const fromKey = await keyed(secret, 'post', '/api/admin/orders/DM-ZZZZZZ/status').set('Origin', 'https://evil.example').send({ status: 'processing' });
    expect(fromKey.status).toBe(404);
    const fromCookie = await admin.post('/api/admin/orders/DM-ZZZZZZ/status').set('Origin', 'https://evil.example').send({ status: 'processing' }).expect(403);
    expect(fromCookie.body.message).toMatch(/^Cross-site request refused/);
  });

  it('means nothing outside /api/admin: a public route answers as to anyone, with the session rules as before', async () => {
    const { secret } = await createKey(['catalogue:read']);
    await keyed(secret, 'get', '/api/categories').expect(200);
    await keyed(secret, 'get', '/api/me').expect(401);
    await request(t.http).post('/api/logout').set('Authorization', `Bearer ${secret}`).set('Origin', 'https://evil.example').expect(403);
  });
});

describe('refused keys: 401 with a Bearer challenge', () => {
  it.each([
    ['no credential', 'Bearer', /malformed/],
    ['another shape', 'Bearer sk_live_abc', /malformed/],
    ['a cut key', 'Bearer dm_sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA_', /malformed/],
  ])('%s', async (_what, header, message) => {
    const res = await request(t.http).get('/api/admin/products').set('Authorization', header).expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: expect.stringMatching(message), error: 'Unauthorized' });
    expect(res.headers['www-authenticate']).toEqual(challenge('invalid_token'));
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });

  it('refuses a mistyped key by its checksum without reading api_keys (answered while the table is locked)', async () => {
    const { secret } = await createKey(['catalogue:read']);
    const typo = secret.slice(0, 20) + (secret[20] === 'a' ? 'b' : 'a') + secret.slice(21);
    const body = `dm_sk_${'B'.repeat(32)}`;
    const unknown = `${body}_${checksumOf(body)}`;
    const lock = dataSource.createQueryRunner();
    await lock.connect();
    await lock.startTransaction();
    let unknownAnswered = false;
    let waiting: Promise<request.Response> | undefined;
    try {
      await lock.query('LOCK TABLE api_keys IN ACCESS EXCLUSIVE MODE');
      const res = await keyed(typo, 'get', '/api/admin/products').timeout(5_000).expect(401);
      expect(res.body.message).toBe("The API key's checksum does not match: it was mistyped or cut short");
      expect(res.headers['www-authenticate']).toEqual(challenge('invalid_token'));
      // a well-formed key does read the table: it waits for the lock (the lock is real)
      waiting = keyed(unknown, 'get', '/api/admin/products').then((r) => {
        unknownAnswered = true;
        return r;
      });
      // its statement waits on the lock in PostgreSQL (seen there, not guessed from a pause), unanswered
      await eventually(
        async () => (await dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%api_keys%' AND pid <> pg_backend_pid()`))[0].n as number,
        { accept: (n) => n >= 1, what: 'the well-formed key waiting on the lock' },
      );
      expect(unknownAnswered).toBe(false);
    } finally {
      await lock.rollbackTransaction();
      await lock.release();
    }
    const late = await waiting!;
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('Unknown API key');
  });

  it('refuses an expired key', async () => {
    const { key, secret } = await createKey(['catalogue:read'], { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await keyed(secret, 'get', '/api/admin/products').expect(200);
    await dataSource.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [key.id]);
    const res = await keyed(secret, 'get', '/api/admin/products').expect(401);
    expect(res.body.message).toBe('This API key has expired');
    expect(res.headers['www-authenticate']).toEqual(challenge('invalid_token'));
    expect((await admin.post(`/api/admin/api-keys/${key.id}/roll`).send({ grace_hours: 0 }).expect(409)).body.message).toMatch(/expired API key cannot be rolled/);
  });

  it('refuses a revoked key at once', async () => {
    const { key, secret } = await createKey(['catalogue:read']);
    await keyed(secret, 'get', '/api/admin/products').expect(200);
    await admin.post(`/api/admin/api-keys/${key.id}/revoke`).expect(200);
    const res = await keyed(secret, 'get', '/api/admin/products').expect(401);
    expect(res.body.message).toBe('This API key was revoked');
    expect(res.headers['www-authenticate']).toEqual(challenge('invalid_token'));
  });
});

describe('rolling a key', () => {
  it('with a grace: old and new secrets both work until the grace ends, then only the new one', async () => {
    const { key, secret: old } = await createKey(['catalogue:read']);
    const rolled = await admin.post(`/api/admin/api-keys/${key.id}/roll`).send({ grace_hours: 24 }).expect(200);
    expect(rolled.headers['cache-control']).toBe('no-store');
    const { secret: fresh } = rolled.body;
    expect(fresh).not.toBe(old);
    expect(rolled.body.key).toMatchObject({ id: key.id, prefix: fresh.slice(0, 14), scopes: ['catalogue:read'] });
    const graceEnds = Date.parse(rolled.body.key.previous_secret_expires_at);
    expect(Math.abs(graceEnds - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    await keyed(old, 'get', '/api/admin/products').expect(200);
    await keyed(fresh, 'get', '/api/admin/products').expect(200);

    await dataSource.query(`UPDATE api_keys SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [key.id]);
    const late = await keyed(old, 'get', '/api/admin/products').expect(401);
    expect(late.body.message).toMatch(/replaced when the key was rolled/);
    expect(late.headers['www-authenticate']).toEqual(challenge('invalid_token'));
    await keyed(fresh, 'get', '/api/admin/products').expect(200);
    const listed = (await admin.get('/api/admin/api-keys').expect(200)).body.find((k: { id: string }) => k.id === key.id);
    expect(listed.previous_secret_expires_at).toBeNull();
  });

  it('with a grace of 0: the old secret stops at once', async () => {
    const { key, secret: old } = await createKey(['catalogue:read']);
    const rolled = await admin.post(`/api/admin/api-keys/${key.id}/roll`).send({ grace_hours: 0 }).expect(200);
    expect(rolled.body.key.previous_secret_expires_at).toBeNull();
    await keyed(old, 'get', '/api/admin/products').expect(401);
    await keyed(rolled.body.secret, 'get', '/api/admin/products').expect(200);
  });

  it('twice within a grace: the secret of the first roll stops, the last two work', async () => {
    const { key, secret: first } = await createKey(['catalogue:read']);
    const second = (await admin.post(`/api/admin/api-keys/${key.id}/roll`).send({ grace_hours: 1 }).expect(200)).body.secret;
    const third = (await admin.post(`/api/admin/api-keys/${key.id}/roll`).send({ grace_hours: 1 }).expect(200)).body.secret;
    await keyed(first, 'get', '/api/admin/products').expect(401);
    await keyed(second, 'get', '/api/admin/products').expect(200);
    await keyed(third, 'get', '/api/admin/products').expect(200);
  });
});

describe('what a key leaves behind', () => {
  it('logs each keyed request with the key id, never its secret', async () => {
    const { key, secret } = await createKey(['catalogue:read']);
    const res = await keyed(secret, 'get', '/api/admin/products?limit=1').set('X-Request-Id', 'keyed-log-check').expect(200);
    await keyed(secret, 'get', '/api/admin/orders').set('X-Request-Id', 'keyed-log-refused').expect(403);
    const lines = await eventually(() => logText.split('\n').filter((line) => line.includes('"reqId":"keyed-log-')), { accept: (found) => found.length >= 2, what: 'the two request lines' });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ reqId: 'keyed-log-check', path: '/api/admin/products', status: res.status, apiKeyId: key.id }),
      expect.objectContaining({ reqId: 'keyed-log-refused', path: '/api/admin/orders', status: 403, apiKeyId: key.id }),
    ]);
    expect(logText).not.toContain(secret);
    expect(logText).not.toContain(secret.slice(14));
  });

  it('notes its last use and address, but not with a write per request', async () => {
    const { key, secret } = await createKey(['catalogue:read']);
    await keyed(secret, 'get', '/api/admin/products?limit=1').expect(200);
    const [first] = await dataSource.query(`SELECT last_used_at, last_used_ip FROM api_keys WHERE id = $1`, [key.id]);
    expect(first.last_used_at).toBeInstanceOf(Date);
    expect(first.last_used_ip).toMatch(/127\.0\.0\.1|::1/);
    await keyed(secret, 'get', '/api/admin/products?limit=1').expect(200);
    const [second] = await dataSource.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [key.id]);
    expect(second.last_used_at).toEqual(first.last_used_at);
    const listed = (await admin.get('/api/admin/api-keys').expect(200)).body.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ last_used_at: first.last_used_at.toISOString(), last_used_ip: first.last_used_ip });
  });
});
