/**
 * Partner clicks (issue 21) against the real app and PostgreSQL: what a click on a
 * partner product's 'View Product' link records (beacon and ping alike), what is not counted, the
 * daily rollup and the writer's flush at shutdown (the search terms: search-terms.spec).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AnalyticsWriter } from '../src/analytics/analytics-writer.js';
import { CLICK_LIMITS } from '../src/analytics/click-limits.js';
import { ClickRateLimitGuard } from '../src/analytics/click-rate-limit.guard.js';
import { PartnerClicksService } from '../src/analytics/partner-clicks.service.js';
import { RecentKeys, WindowCounter } from '../src/analytics/windows.js';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';

import { ROUTE, CHROME, FIREFOX, GOOGLEBOT, newAddress, insertProducts, type Products } from './partner-clicks-fixtures.js';

describe('partner clicks', () => {
  let t: TestApp;
  let dataSource: DataSource;
  let writer: AnalyticsWriter;
  let p: Products;

  const clicksOf = async (productId: number) =>
    (await dataSource.query(`SELECT product_id, clicked_at, referrer_path, encode(visitor_hash, 'hex') AS visitor_hash FROM partner_clicks WHERE product_id = $1 ORDER BY id`, [productId])) as Array<{
      product_id: number;
      clicked_at: Date;
      referrer_path: string | null;
      visitor_hash: string;
    }>;
  const countOf = async (productId: number) => (await clicksOf(productId)).length;
  const beacon = (address: string, body: unknown, userAgent = CHROME) =>
    request(t.http).post(ROUTE).set('X-Forwarded-For', address).set('User-Agent', userAgent).set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify(body));

  // a database of its own: its products would change the seeded catalogue other suites read
  let database: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    database = await freshDatabase('partner_clicks', { seeded: true });
    t = await startTestApp({ ...database.env, TRUST_PROXY: 'loopback' });
    dataSource = t.app.get(DataSource);
    writer = t.app.get(AnalyticsWriter);
    p = await insertProducts(t);
  });

  beforeEach(async () => {
    await writer.flush();
    await dataSource.query(`TRUNCATE partner_clicks, partner_click_days, search_term_days`);
  });

  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('records a beacon click with its product, time, shop page and a visitor hash, and stores no address or user agent', async () => {
    const address = newAddress();
    const before = Date.now();
    await beacon(address, { productId: p.partner, clickId: randomUUID(), from: '/marketplace?type=affiliate&category=implants' }).expect(204);
    await writer.flush();
    const [click] = await clicksOf(p.partner);
    expect(click).toMatchObject({ product_id: p.partner, referrer_path: '/marketplace?type=affiliate&category=implants' });
    expect(click!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(click!.clicked_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const everything = JSON.stringify(await dataSource.query(`SELECT c.*, encode(c.visitor_hash, 'escape') AS raw FROM partner_clicks c`));
    expect(everything).not.toContain(address);
    expect(everything).not.toContain('Chrome');
  });

  it("neither reads nor renews a signed-in shopper's session (no session round trips on a click)", async () => {
    const shopper = request.agent(t.http);
    await shopper.post('/api/login').set('X-Forwarded-For', newAddress()).send({ username: 'dr.smith', password: 'DentalDemo!2026' }).expect(200);
    // the session is rolling: any request through the session middleware sends the cookie again
    expect((await shopper.get('/api/me').expect(200)).headers['set-cookie']).toBeDefined();
    const click = await shopper.post(ROUTE).set('User-Agent', CHROME).set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify({ productId: p.partner, clickId: randomUUID() })).expect(204);
    expect(click.headers['set-cookie']).toBeUndefined();
    await writer.flush();
    expect(await countOf(p.partner)).toBe(1);
  });

  it('gives one browser one visitor hash, and another browser on the same address another', async () => {
    const address = newAddress();
    await beacon(address, { productId: p.partner, clickId: randomUUID() }).expect(204);
    await beacon(address, { productId: p.partner, clickId: randomUUID() }).expect(204);
    await beacon(address, { productId: p.partner, clickId: randomUUID() }, FIREFOX).expect(204);
    await writer.flush();
    const hashes = (await clicksOf(p.partner)).map((c) => c.visitor_hash);
    expect(hashes).toHaveLength(3);
    expect(hashes[0]).toBe(hashes[1]);
    expect(hashes[2]).not.toBe(hashes[0]);
  });

  it('accepts application/json too, and takes the page from Referer when the body names none', async () => {
    await request(t.http)
      .post(ROUTE)
      .set('X-Forwarded-For', newAddress())
      .set('User-Agent', CHROME)
      .set('Host', 'shop.example')
      .set('Referer', 'http://shop.example/marketplace?type=affiliate')
      .send({ productId: p.partner })
      .expect(204);
    await writer.flush();
    expect((await clicksOf(p.partner)).map((c) => c.referrer_path)).toEqual(['/marketplace?type=affiliate']);
  });

  it("counts a click once when both its beacon and its link's ping arrive", async () => {
    const address = newAddress();
    const clickId = randomUUID();
    await beacon(address, { productId: p.partner, clickId, from: '/marketplace' }).expect(204);
    // the ping: POST to the ping attribute's URL, body PING, Content-Type text/ping, Ping-From / Ping-To
    await request(t.http)
      .post(`${ROUTE}?productId=${p.partner}&clickId=${clickId}&from=${encodeURIComponent('/marketplace')}`)
      .set('X-Forwarded-For', address)
      .set('User-Agent', CHROME)
      .set('Content-Type', 'text/ping')
      .set('Ping-From', 'http://127.0.0.1/marketplace')
      .set('Ping-To', 'https://partner.example/p')
      .send('PING')
      .expect(204);
    await writer.flush();
    expect(await countOf(p.partner)).toBe(1);
  });

  it('counts a click id once in the database too: a beacon and a ping that two instances receive, each writing its own batch', async () => {
    const clickId = randomUUID();
    const row = { productId: p.partner, clickedAt: new Date(), referrerPath: '/marketplace?type=affiliate', visitorHash: 'ab'.repeat(32) };
    // what each instance's writer holds after its own in-memory check let the report through
    writer.addClick({ ...row, clickId });
    await writer.flush();
    writer.addClick({ ...row, clickId: clickId.toUpperCase().toLowerCase() });
    writer.addClick({ ...row, clickId: randomUUID() });
    await writer.flush();
    expect(await countOf(p.partner)).toBe(2);
    const [{ clicks }] = await dataSource.query(`SELECT sum(clicks)::int AS clicks FROM partner_click_days WHERE product_id = $1`, [p.partner]);
    expect(clicks).toBe(2);
  });

  it('counts a ping alone, with the page from Ping-From when its URL names none', async () => {
    await request(t.http)
      .post(`${ROUTE}?productId=${p.partner}&clickId=${randomUUID()}`)
      .set('X-Forwarded-For', newAddress())
      .set('User-Agent', FIREFOX)
      .set('Content-Type', 'text/ping')
      .set('Ping-From', 'http://127.0.0.1/marketplace?type=affiliate&subcategory=lasers')
      .set('Ping-To', 'https://partner.example/p')
      .send('PING')
      .expect(204);
    await writer.flush();
    expect((await clicksOf(p.partner)).map((c) => c.referrer_path)).toEqual(['/marketplace?type=affiliate&subcategory=lasers']);
  });

  it('counts two clicks of one visitor on one product as two when they have their own click ids', async () => {
    const address = newAddress();
    await beacon(address, { productId: p.partner, clickId: randomUUID() }).expect(204);
    await beacon(address, { productId: p.partner, clickId: randomUUID() }).expect(204);
    await writer.flush();
    expect(await countOf(p.partner)).toBe(2);
  });

  it('does not count a known bot, nor a request without a user agent (still 204)', async () => {
    await beacon(newAddress(), { productId: p.partner, clickId: randomUUID() }, GOOGLEBOT).expect(204);
    await request(t.http).post(ROUTE).set('X-Forwarded-For', newAddress()).unset('User-Agent').send({ productId: p.partner }).expect(204);
    await writer.flush();
    expect(await countOf(p.partner)).toBe(0);
  });

  it(`caps a burst from one visitor at ${CLICK_LIMITS.perVisitor} counted clicks a minute`, async () => {
    const address = newAddress();
    for (let i = 0; i < CLICK_LIMITS.perVisitor + 5; i++) await beacon(address, { productId: p.partner, clickId: randomUUID() }).expect(204);
    // another visitor meanwhile is counted as usual
    await beacon(newAddress(), { productId: p.partner, clickId: randomUUID() }).expect(204);
    await writer.flush();
    expect(await countOf(p.partner)).toBe(CLICK_LIMITS.perVisitor + 1);
  });

  it(`answers 429 with Retry-After past ${CLICK_LIMITS.perAddress} reports from one address, and other addresses go on`, async () => {
    const address = newAddress();
    for (let i = 0; i < CLICK_LIMITS.perAddress; i++) await beacon(address, { productId: p.otherPartner, clickId: randomUUID() }, `${CHROME} ${i}`).expect(204);
    const refused = await beacon(address, { productId: p.otherPartner, clickId: randomUUID() }).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(refused.body.message).toMatch(/^Too many partner clicks from this address; try again in \d+ seconds?$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await beacon(newAddress(), { productId: p.otherPartner, clickId: randomUUID() }).expect(204);
  });

  it(`counts an IPv6 /64 as one client, and a burst at once gets exactly ${CLICK_LIMITS.perAddress} through`, async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xfff).toString(16)}:${Math.floor(Math.random() * 0xfff).toString(16)}`;
    const burst = await Promise.all(
      Array.from({ length: CLICK_LIMITS.perAddress + 20 }, (_, i) => beacon(`${prefix}::${(i + 1).toString(16)}`, { productId: p.otherPartner, clickId: randomUUID() }, `${CHROME} ${i}`)),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(CLICK_LIMITS.perAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    await beacon(`${prefix}:abcd::1`, { productId: p.otherPartner, clickId: randomUUID() }).expect(429);
    // the next /64 is another client
    await beacon(`${prefix}1::1`, { productId: p.otherPartner, clickId: randomUUID() }).expect(204);
  });

  it.each([
    [{}, 'productId'],
    [{ productId: 0 }, 'productId'],
    [{ productId: -3 }, 'productId'],
    [{ productId: 1.5 }, 'productId'],
    [{ productId: '12' }, 'productId'],
    [{ productId: true }, 'productId'],
    [{ productId: 2_147_483_648 }, 'productId'],
    [{ productId: [5] }, 'productId'],
    [{ productId: 1, clickId: 'not-a-uuid' }, 'clickId'],
    [{ productId: 1, from: 'https://elsewhere.example/page' }, 'from'],
    [{ productId: 1, from: '//elsewhere.example/page' }, 'from'],
    [{ productId: 1, from: `/${'a'.repeat(512)}` }, 'from'],
    [{ productId: 1, from: 7 }, 'from'],
    [{ productId: 1, visitor: 'me' }, 'visitor'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const response = await beacon(newAddress(), body).expect(400);
    const message = [response.body.message].flat().join('; ');
    expect(message).toContain(field);
  });

  it('answers 400 for a text body that is not JSON or not an object, a JSON array, and a ping with a bad product', async () => {
    const broken = await request(t.http).post(ROUTE).set('X-Forwarded-For', newAddress()).set('Content-Type', 'text/plain').send('{"productId": 1').expect(400);
    expect(broken.body.message).toBe('body must be JSON such as {"productId":12}');
    for (const scalar of ['null', '42', '"12"', 'true']) {
      const answer = await request(t.http).post(ROUTE).set('X-Forwarded-For', newAddress()).set('Content-Type', 'text/plain').send(scalar).expect(400);
      expect(answer.body.message).toBe('body must be a JSON object such as {"productId":12}');
    }
    const array = await beacon(newAddress(), [{ productId: p.partner }]).expect(400);
    expect(array.body.message).toBe('body must be a JSON object, not an array');
    const ping = await request(t.http).post(`${ROUTE}?productId=abc`).set('X-Forwarded-For', newAddress()).set('Content-Type', 'text/ping').send('PING').expect(400);
    expect([ping.body.message].flat().join('; ')).toContain('productId must be a positive whole number');
  });

  it('refuses a report from another site (403) and a form post (415)', async () => {
    await request(t.http).post(ROUTE).set('Origin', 'https://elsewhere.example').set('Content-Type', 'text/plain').send(JSON.stringify({ productId: p.partner })).expect(403);
    await request(t.http).post(ROUTE).set('Content-Type', 'application/x-www-form-urlencoded').send(`productId=${p.partner}`).expect(415);
  });

  it('answers 204 but counts nothing for an unknown product or one that is not a partner product', async () => {
    const address = newAddress();
    await beacon(address, { productId: 2_147_483_000, clickId: randomUUID() }).expect(204);
    await beacon(address, { productId: p.equipment, clickId: randomUUID() }).expect(204);
    await beacon(address, { productId: p.partner, clickId: randomUUID() }).expect(204);
    await writer.flush();
    expect(await dataSource.query(`SELECT product_id FROM partner_clicks`)).toEqual([{ product_id: p.partner }]);
    expect(await dataSource.query(`SELECT product_id, clicks FROM partner_click_days`)).toEqual([{ product_id: p.partner, clicks: 1 }]);
  });

  it('keeps the daily rollup equal to the raw clicks, per UTC day, product and manufacturer, across flushes', async () => {
    const sent = [p.partner, p.partner, p.otherPartner, p.partner, p.otherPartner];
    for (const [i, productId] of sent.entries()) {
      await beacon(newAddress(), { productId, clickId: randomUUID() }).expect(204);
      if (i === 2) await writer.flush(); // two flushes: the second adds to the first's rows
    }
    await writer.flush();
    const raw = await dataSource.query(
      `SELECT (c.clicked_at AT TIME ZONE 'UTC')::date::text AS day, c.product_id, p.manufacturer, count(*)::int AS clicks
         FROM partner_clicks c JOIN products p ON p.id = c.product_id GROUP BY 1, 2, 3 ORDER BY 2`,
    );
    const rollup = await dataSource.query(`SELECT day::text AS day, product_id, manufacturer, clicks FROM partner_click_days ORDER BY product_id`);
    expect(rollup).toEqual(raw);
    expect(rollup.map((r: { manufacturer: string; clicks: number }) => [r.manufacturer, r.clicks])).toEqual([
      ['Partner One', 3],
      ['Partner Two', 2],
    ]);
  });

  it('writes what the buffer holds when the app shuts down', async () => {
    // a second API on this suite's database (its server, embedded or not: no data directory of its own)
    const other = await startTestApp({ TRUST_PROXY: 'loopback', DATABASE_URL: (dataSource.options as { url: string }).url }, { seed: false });
    const clicks = other.app.get(PartnerClicksService);
    for (const from of ['/a', '/b', '/c']) clicks.record({ productId: p.otherPartner, clickId: randomUUID(), from }, { address: '203.0.113.5', userAgent: FIREFOX });
    expect(other.app.get(AnalyticsWriter).pending.clicks).toBe(3);
    await other.close();
    expect((await clicksOf(p.otherPartner)).map((c) => c.referrer_path).sort()).toEqual(['/a', '/b', '/c']);
    expect(await dataSource.query(`SELECT clicks FROM partner_click_days WHERE product_id = $1`, [p.otherPartner])).toEqual([{ clicks: 3 }]);
  });
});

describe("the beacon's fast path", () => {
  let t: TestApp;
  let writer: AnalyticsWriter;
  let partner: number;
  let viaNest: { mockRestore(): void };
  let database: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    // the route's guard runs only on Nest's path: a call means the report went through it
    viaNest = jest.spyOn(ClickRateLimitGuard.prototype, 'canActivate');
    database = await freshDatabase('partner_clicks_fast', { seeded: true });
    t = await startTestApp({ ...database.env, TRUST_PROXY: 'loopback' });
    writer = t.app.get(AnalyticsWriter);
    partner = (await insertProducts(t)).partner;
  });

  afterAll(async () => {
    viaNest.mockRestore();
    await t?.close();
    await database?.drop();
  });

  const post = (contentType: string, body: string, query = '') =>
    request(t.http).post(`${ROUTE}${query}`).set('X-Forwarded-For', newAddress()).set('User-Agent', CHROME).set('Content-Type', contentType).send(body);

  it('records a well-formed beacon, JSON beacon or ping without Nest, and leaves every other report to the documented route', async () => {
    await post('text/plain;charset=UTF-8', JSON.stringify({ productId: partner, clickId: randomUUID(), from: '/marketplace?type=affiliate' })).expect(204);
    await post('application/json', JSON.stringify({ productId: partner, clickId: randomUUID() })).expect(204);
    await post('text/ping', 'PING', `?productId=${partner}&clickId=${randomUUID()}`).expect(204);
    expect(viaNest).not.toHaveBeenCalled();
    await writer.flush();
    const [{ n }] = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM partner_clicks WHERE product_id = $1`, [partner]);
    expect(n).toBe(3);

    // the same refusals as before, worded by the DTO: an unknown field, a bad id, a full URL
    const unknown = await post('text/plain', JSON.stringify({ productId: partner, price: 1 })).expect(400);
    expect(viaNest).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(unknown.body.message)).toContain('price');
    const badId = await post('text/plain', JSON.stringify({ productId: 0 })).expect(400);
    expect(JSON.stringify(badId.body.message)).toContain('productId must be a positive whole number');
    const fullUrl = await post('text/plain', JSON.stringify({ productId: partner, from: 'https://evil.example/' })).expect(400);
    expect(JSON.stringify(fullUrl.body.message)).toContain('from must be the path and query of the shop page');
  });
});

describe("the endpoint's counting windows (time given, not waited for)", () => {
  it('counts per key up to the limit, starts again in the next window, and refuses new keys past its size', () => {
    const counter = new WindowCounter(2, 10_000, 2);
    expect([counter.hit('a', 0), counter.hit('a', 1), counter.hit('a', 2), counter.hit('b', 3)]).toEqual([true, true, false, true]);
    expect(counter.hit('c', 4)).toBe(false); // a third key in a window of at most two
    expect(counter.secondsLeft(4)).toBe(10);
    expect([counter.hit('a', 10_000), counter.hit('c', 10_001)]).toEqual([true, true]);
  });

  it('remembers a key for at least its time to live, and forgets it after twice that', () => {
    const recent = new RecentKeys(10_000, 100);
    expect(recent.seen('click', 0)).toBe(false);
    expect(recent.seen('click', 9_999)).toBe(true);
    expect(recent.seen('click', 10_000)).toBe(true); // rotated: still in the older generation
    expect(recent.seen('other', 30_001)).toBe(false);
    expect(recent.seen('click', 30_002)).toBe(false);
  });
});
