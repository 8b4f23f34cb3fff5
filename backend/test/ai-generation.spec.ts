import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { type FakeAiProviders, startFakeAiProviders } from './fake-ai-providers.js';
import { startTestApp, type TestApp } from './helpers.js';
import { eventually } from './eventually.js';

// The real app and the real SDKs, against a local server speaking each provider's protocol.
// Empty values count as unset, so a developer's own AI keys in the environment change nothing here.
const NO_AI = { AI_PROVIDER: '', GEMINI_API_KEY: '', GEMINI_BASE_URL: '', GEMINI_MODEL: '', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', OPENAI_MODEL: '', AI_TIMEOUT_MS: '', AI_BATCH_CONCURRENCY: '' };

const SINGLE = '/api/admin/gemini/generate-product';
const BATCH = '/api/admin/gemini/generate-batch-products';

let fake: FakeAiProviders;
let pair: { categoryId: number; categoryName: string; subcategoryId: number; subcategoryName: string; otherCategoryId: number; otherCategoryName: string };

/** A real category/subcategory pair from the seeded catalogue, and some other category. */
async function loadPair(t: TestApp): Promise<void> {
  if (pair) return;
  const [row] = await t.app.get(DataSource).query(
    `SELECT s.id AS "subcategoryId", s.name AS "subcategoryName", c.id AS "categoryId", c.name AS "categoryName",
            o.id AS "otherCategoryId", o.name AS "otherCategoryName"
       FROM subcategories s JOIN categories c ON c.id = s.category_id
       JOIN LATERAL (SELECT id, name FROM categories WHERE id <> c.id ORDER BY id LIMIT 1) o ON true
      ORDER BY s.id LIMIT 1`,
  );
  expect(row).toBeDefined();
  pair = row;
}

/** Starts the app with `env` for one block, signed in as admin. Embedded PostgreSQL serves one app at a time. */
async function start(env: NodeJS.ProcessEnv): Promise<{ t: TestApp; admin: TestAgent }> {
  const t = await startTestApp({ ...NO_AI, ...env });
  try {
    await loadPair(t);
    const admin = request.agent(t.http);
    await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
    return { t, admin };
  } catch (error) {
    await t.close();
    throw error;
  }
}

function appFor(env: () => NodeJS.ProcessEnv): { t: TestApp; admin: TestAgent } {
  const current = {} as { t: TestApp; admin: TestAgent };
  beforeAll(async () => Object.assign(current, await start(env())));
  afterAll(async () => current.t?.close());
  return current;
}

const body = (productName = 'Planmeca ProMax 3D Mid', productType = 'equipment') => ({
  productName,
  categoryId: pair.categoryId,
  subcategoryId: pair.subcategoryId,
  productType,
});
const batchBody = (productNames: string[]) => ({ productNames, categoryId: pair.categoryId, subcategoryId: pair.subcategoryId, productType: 'equipment' });

const GEMINI_ENV = () => ({ AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'test-gemini-key', GEMINI_BASE_URL: fake.url, AI_TIMEOUT_MS: '10000' });
const OPENAI_ENV = () => ({ OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: 'llama3.1:8b', AI_TIMEOUT_MS: '10000', AI_BATCH_CONCURRENCY: '2' });

beforeAll(async () => {
  fake = await startFakeAiProviders();
});

beforeEach(() => fake.reset());

afterAll(async () => {
  await fake?.close();
});

describe.each([
  ['gemini', GEMINI_ENV, '/v1beta/models/gemini-2.5-flash:generateContent'],
  ['openai', OPENAI_ENV, '/v1/chat/completions'],
] as const)('%s provider', (provider, env, path) => {
  const app = appFor(env);
  const agent = () => app.admin;
  it('reports itself set up in GET /api/admin/gemini/status', async () => {
    const res = await agent().get('/api/admin/gemini/status').expect(200);
    expect(res.body).toEqual({ configured: true, provider, message: null });
  });

  it('generates a product from the name, category, subcategory and type, asking for the schema', async () => {
    const res = await agent().post(SINGLE).send(body('Planmeca ProMax 3D Mid', 'service')).expect(200);
    expect(res.body).toEqual({
      name: 'Planmeca ProMax 3D Mid',
      brand: 'Acme Dental',
      shortDescription: expect.any(String),
      description: expect.any(String),
      specifications: [{ label: 'Power', value: '220 V' }, { label: 'Weight', value: '12 kg' }],
      features: ['Quiet operation', 'Two-year warranty'],
      price: 1299.5,
      imageDescription: expect.stringContaining('Planmeca'),
    });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent!.path).toBe(path);
    for (const part of ['Planmeca ProMax 3D Mid', pair.categoryName, pair.subcategoryName, 'service']) expect(sent!.prompt).toContain(part);
    if (provider === 'gemini') {
      expect(sent!.headers['x-goog-api-key']).toBe('test-gemini-key');
      expect(sent!.body.generationConfig).toMatchObject({
        responseMimeType: 'application/json',
        responseSchema: { type: 'OBJECT', required: expect.arrayContaining(['name', 'features', 'price']) },
      });
    } else {
      expect(sent!.headers.authorization).toBe('Bearer not-needed');
      expect(sent!.body.model).toBe('llama3.1:8b');
      expect(sent!.body.response_format).toMatchObject({
        type: 'json_schema',
        json_schema: { name: 'generated_product', strict: true, schema: { type: 'object', additionalProperties: false } },
      });
    }
  });

  it('answers 502 for broken JSON and for a missing or mistyped field, naming the problem', async () => {
    fake.behaviour = { kind: 'text', text: '{"name": "Half a product", ' };
    const broken = await agent().post(SINGLE).send(body()).expect(502);
    expect(broken.body.message).toMatch(/^The AI provider returned an invalid product: the answer is not valid JSON/);

    fake.behaviour = { kind: 'product-without', field: 'description' };
    expect((await agent().post(SINGLE).send(body()).expect(502)).body.message).toBe("The AI provider returned an invalid product: 'description' is missing");

    fake.behaviour = { kind: 'product-with', field: 'features', value: 'Quiet, warranty' };
    expect((await agent().post(SINGLE).send(body()).expect(502)).body.message).toBe("The AI provider returned an invalid product: 'features' must be a list of text");

    fake.behaviour = { kind: 'product-with', field: 'price', value: 'about a thousand' };
    expect((await agent().post(SINGLE).send(body()).expect(502)).body.message).toMatch(/'price' must be a non-negative number or numeric text/);
  });

  it('accepts numeric text for the price and a fenced answer', async () => {
    fake.behaviour = { kind: 'product-with', field: 'price', value: '1450.00' };
    expect((await agent().post(SINGLE).send(body()).expect(200)).body.price).toBe('1450.00');
  });

  it.each([500, 429])('answers 502 naming the provider and its status %i, and does not retry', async (status) => {
    fake.behaviour = { kind: 'http-error', status, message: 'Quota exceeded for today' };
    const res = await agent().post(SINGLE).send(body()).expect(502);
    expect(res.body).toMatchObject({ statusCode: 502, error: 'Bad Gateway', message: `The AI provider (${provider}) answered ${status}: Quota exceeded for today` });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('timeouts', () => {
  it.each(['gemini', 'openai'])('%s: a provider that never answers → 504 after AI_TIMEOUT_MS, and the request is aborted', async (provider) => {
    const env = provider === 'gemini' ? { GEMINI_API_KEY: 'k', GEMINI_BASE_URL: fake.url } : { OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: 'sk-test' };
    const { t, admin } = await start({ ...env, AI_TIMEOUT_MS: '300' });
    try {
      fake.behaviour = { kind: 'hang' };
      const started = Date.now();
      const res = await admin.post(SINGLE).send(body()).expect(504);
      expect(res.body.message).toBe('The AI provider did not answer within 0.3 s');
      expect(Date.now() - started).toBeLessThan(5000);
      // the provider's side sees the request's connection closed
      await eventually(() => fake.requests[0]?.abandoned, { timeout: 5_000, what: 'the request to the provider to be aborted' });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.abandoned).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('batch (openai, AI_BATCH_CONCURRENCY=2)', () => {
  const app = appFor(OPENAI_ENV);
  it('generates each name, reports the failed one, and keeps request order', async () => {
    const res = await app.admin.post(BATCH).send(batchBody(['Sirona Primescan', 'Gadget FAIL 9000', 'KaVo ESTETICA E70'])).expect(200);
    expect(res.body.products.map((p: { name: string }) => p.name)).toEqual(['Sirona Primescan', 'KaVo ESTETICA E70']);
    expect(res.body.failures).toEqual([{ productName: 'Gadget FAIL 9000', message: 'The AI provider (openai) answered 500: Simulated failure for Gadget FAIL 9000' }]);
    expect(fake.requests).toHaveLength(3);
  });

  it('runs at most AI_BATCH_CONCURRENCY calls at once', async () => {
    fake.delayMs = 80;
    const names = ['Alpha unit', 'Bravo unit', 'Charlie unit', 'Delta unit', 'Echo unit'];
    const res = await app.admin.post(BATCH).send(batchBody(names)).expect(200);
    expect(res.body.products).toHaveLength(5);
    expect(fake.maxInFlight).toBe(2);
  });

  it('answers the first failure as the error when every name fails', async () => {
    const res = await app.admin.post(BATCH).send(batchBody(['One FAIL', 'Two FAIL'])).expect(502);
    expect(res.body.message).toBe('The AI provider (openai) answered 500: Simulated failure for One FAIL');
  });

  it('refuses more than 20 names, and short names, with 400 before calling the provider', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `Product number ${i}`);
    const res = await app.admin.post(BATCH).send(batchBody(many)).expect(400);
    expect(res.body.message).toContain('productNames may hold at most 20 names per batch');
    const short = await app.admin.post(BATCH).send(batchBody(['ok', 'Fine name'])).expect(400);
    expect(short.body.message).toContain('Each product name must be at least 3 characters');
    const empty = await app.admin.post(BATCH).send(batchBody([])).expect(400);
    expect(empty.body.message).toContain('Enter at least one product name');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('requests the API refuses (gemini configured)', () => {
  const app = appFor(GEMINI_ENV);
  it('validates the body with the form messages', async () => {
    const res = await app.admin.post(SINGLE).send({ productName: 'ab', categoryId: 0, subcategoryId: 'x', productType: 'gadget' }).expect(400);
    expect(res.body.message).toEqual(
      expect.arrayContaining(['Product name must be at least 3 characters', 'Please select a category', 'Please select a subcategory', 'productType must be one of: affiliate, service, equipment']),
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a subcategory of another category, and unknown ids, with 400 naming the problem', async () => {
    const mismatched = await app.admin.post(SINGLE).send({ ...body(), categoryId: pair.otherCategoryId }).expect(400);
    expect(mismatched.body.message).toBe(
      `subcategoryId ${pair.subcategoryId} (${pair.subcategoryName}) does not belong to category ${pair.otherCategoryId} (${pair.otherCategoryName})`,
    );
    expect((await app.admin.post(SINGLE).send({ ...body(), categoryId: 2147483647 }).expect(400)).body.message).toBe('categoryId 2147483647 is not a category');
    expect((await app.admin.post(BATCH).send({ ...batchBody(['Some name']), subcategoryId: 2147483647 }).expect(400)).body.message).toBe(
      'subcategoryId 2147483647 is not a subcategory',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('is for admins only: 401 signed out, 403 for a customer', async () => {
    await request(app.t.http).post(SINGLE).send(body()).expect(401);
    const customer = request.agent(app.t.http);
    await customer.post('/api/login').send({ username: 'dr.smith', password: 'DentalDemo!2026' }).expect(200);
    await customer.post(SINGLE).send(body()).expect(403);
    await customer.post(BATCH).send(batchBody(['Some name'])).expect(403);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('not configured', () => {
  const app = appFor(() => ({}));

  it('answers 503 naming the variables when no provider is configured, after the guard and validation', async () => {
    const { t, admin } = app;
    for (const [url, payload] of [[SINGLE, body()], [BATCH, batchBody(['Some name'])]] as const) {
      const res = await admin.post(url).send(payload).expect(503);
      expect(res.body.message).toBe(
        'AI generation is not configured: set GEMINI_API_KEY for Gemini, or OPENAI_BASE_URL (and OPENAI_API_KEY if the server needs one) ' +
          'for an OpenAI-compatible server such as OpenAI, Ollama, vLLM or llama.cpp.',
      );
    }
    await admin.post(SINGLE).send({ productName: 'x' }).expect(400);
    await request(t.http).post(SINGLE).send(body()).expect(401);
  });

  it('says so in GET /api/admin/gemini/status, in a sentence for the admin naming the variables; admins only', async () => {
    const { t, admin } = app;
    const res = await admin.get('/api/admin/gemini/status').expect(200);
    expect(res.body).toEqual({
      configured: false,
      provider: null,
      message: 'AI generation is not set up. Ask your administrator to set GEMINI_API_KEY (Gemini), or OPENAI_API_KEY or OPENAI_BASE_URL (an OpenAI-compatible server).',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    await request(t.http).get('/api/admin/gemini/status').expect(401);
    const customer = request.agent(t.http);
    await customer.post('/api/login').send({ username: 'dr.smith', password: 'DentalDemo!2026' }).expect(200);
    await customer.get('/api/admin/gemini/status').expect(403);
  });
});
