import request from 'supertest';
import { startTestApp, type TestApp } from './helpers.js';

/** The reproductions that answered 500 before strings were checked once, globally. */
describe('bad input answers 400 naming the field', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['/api/products?search=%00', 'query.search must not contain NUL characters'],
    ['/api/categories/a%00b/products', 'params.slug must not contain NUL characters'],
    ['/api/subcategories/%00/products', 'params.slug must not contain NUL characters'],
    ['/api/products?categorySlug=%00', 'query.categorySlug must not contain NUL characters'],
    ['/api/products?page=1e308', 'page must be a whole number in decimal digits'],
    ['/api/products?page=100001', 'page must not be greater than 100000'],
    ['/api/products?categoryId=99999999999', 'categoryId must not be greater than 2147483647'],
    [`/api/products?search=${'x'.repeat(2001)}`, 'query.search must be at most 2000 characters long'],
  ])('GET %s', async (url, message) => {
    const res = await request(t.http).get(url).expect(400);
    expect(res.body.statusCode).toBe(400);
    expect(JSON.stringify(res.body.message)).toContain(message);
  });

  it.each([
    ['/api/login', { username: 'ad\u0000min', password: 'secret-enough' }, 'body.username must not contain NUL characters'],
    ['/api/register', { username: 'nul_name', email: 'nul@example.com', full_name: 'A\u0000B', password: 'secret-enough' }, 'body.full_name must not contain NUL characters'],
    ['/api/register', { username: 'surrogate', email: '\ud800', password: 'secret-enough' }, 'body.email must be well-formed Unicode'],
    ['/api/login', { username: { $ne: '' }, password: 'x'.repeat(7) }, 'username'],
  ])('POST %s %j', async (url, body, message) => {
    const res = await request(t.http).post(url).set('Content-Type', 'application/json').send(JSON.stringify(body)).expect(400);
    expect(JSON.stringify(res.body.message)).toContain(message);
  });

  it.each([
    // the generated-input run's 500 ('Cannot convert object to primitive value')
    [[{ sortOrder: { toString: 'x' }, unknownField: [null, null, null, []] }], 'body.0.sortOrder must not have a field named toString'],
    [{ sortOrder: { toString: 'x' } }, 'body.sortOrder must not have a field named toString'],
    [{ sortOrder: { valueOf: 1, toString: {} } }, 'body.sortOrder must not have a field named valueOf'],
    [[{ sortOrder: 1 }], 'body must be a JSON object, not an array'],
    [{ sortOrder: [5] }, 'sortOrder must be a number, not an array'],
    [{ sortOrder: {} }, 'sortOrder must be a number, not an object'],
  ])('PATCH a category order with %j answers 400', async (body, message) => {
    const admin = request.agent(t.http);
    await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
    const res = await admin.patch('/api/admin/categories/1/order').set('Content-Type', 'application/json').send(JSON.stringify(body)).expect(400);
    expect(JSON.stringify(res.body.message)).toContain(message);
  });

  it('refuses an object with its own toString in any body, before any route reads it', async () => {
    const res = await request(t.http)
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send('{"username":{"toString":"x"},"password":"secret-enough"}')
      .expect(400);
    expect(res.body.message).toBe('body.username must not have a field named toString');
  });

  it('refuses a body nested 3,000 levels deep without overflowing the stack', async () => {
    const res = await request(t.http)
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send(`${'['.repeat(3000)}${']'.repeat(3000)}`)
      .expect(400);
    expect(res.body.message).toBe('body is nested too deeply (at most 16 levels)');
    await request(t.http).get('/api/health').expect(200);
  });
});
