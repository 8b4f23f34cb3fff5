import request from 'supertest';
import { MetricsLifecycle } from '../../src/observability/observability.module.js';
import { startTestApp, type TestApp } from '../helpers.js';

const TOKEN = 'metrics-token-for-tests-0123';

/** Reads a few pages, twice, so the cache has hits and misses and the histogram has routes. */
async function browse(t: TestApp): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await request(t.http).get('/api/categories').expect(200);
    await request(t.http).get('/api/products/no-such-product-slug').expect(404);
  }
}

function expectPrometheusText(text: string): void {
  expect(text).toMatch(/^# HELP http_request_duration_seconds /m);
  // the route pattern, never the raw path
  expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/categories",status="200"\} [1-9]/);
  expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:idOrSlug",status="404"\} [1-9]/);
  expect(text).not.toContain('no-such-product-slug');
  expect(text).toMatch(/^db_pool_connections\{pool="typeorm"\} [1-9]/m);
  expect(text).toMatch(/^db_pool_connections_idle\{pool="sessions"\} \d/m);
  expect(text).toMatch(/^db_pool_connections_in_use\{pool="typeorm"\} \d/m);
  expect(text).toMatch(/^db_pool_waiting_requests\{pool="typeorm"\} 0/m);
  expect(text).toMatch(/^catalogue_cache_hits_total [1-9]/m);
  expect(text).toMatch(/^catalogue_cache_misses_total [1-9]/m);
  expect(text).toMatch(/^catalogue_cache_bytes [1-9]/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  expect(text).toMatch(/^process_resident_memory_bytes /m);
}

describe('/metrics', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('is off by default', async () => {
    t = await startTestApp({ METRICS_TOKEN: '', METRICS_PORT: '' });
    const res = await request(t.http).get('/metrics');
    expect(res.text ?? '').not.toContain('http_request_duration_seconds');
    expect(t.app.get(MetricsLifecycle).port).toBeUndefined();
  });

  it('with METRICS_TOKEN: on the API port, 401 without the bearer token', async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: '' });
    await browse(t);
    await request(t.http).get('/metrics').expect(401);
    await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(t.http).get('/metrics').set('Authorization', TOKEN).expect(401);
    const res = await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expectPrometheusText(res.text);
  });

  it('with METRICS_PORT: a listener of its own without auth, and nothing on the API port', async () => {
    t = await startTestApp({ METRICS_TOKEN: '', METRICS_PORT: '0' });
    await browse(t);
    const port = t.app.get(MetricsLifecycle).port!;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expectPrometheusText(await res.text());
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await request(t.http).get('/metrics')).text ?? '').not.toContain('http_request_duration_seconds');
  });
});
