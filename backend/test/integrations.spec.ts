/**
 * The admin's Integrations tab's API (issue 21) against real stand-ins: the fake AI providers'
 * HTTP protocols and a real SMTP server. What is shown (never a secret), the AI and email tests,
 * and the last calls each instance records.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { SMTPServer } from 'smtp-server';
import { type FakeAiProviders, startFakeAiProviders } from './fake-ai-providers.js';
import { signIn, startOrdersApp, type OrdersTestApp } from './orders-fixtures.js';
import { eventually } from './eventually.js';

const API_KEY = 'sk-integration-secret-7c1f';
const SMTP_PASSWORD = 'smtp-secret-93ab';
const NO_AI = { AI_PROVIDER: '', GEMINI_API_KEY: '', GEMINI_BASE_URL: '', GEMINI_MODEL: '', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', OPENAI_MODEL: '', AI_TIMEOUT_MS: '', AI_BATCH_CONCURRENCY: '' };

let fake: FakeAiProviders;
let smtp: SMTPServer;
let smtpPort: number;
const received: Array<{ to: string; subject: string }> = [];

beforeAll(async () => {
  fake = await startFakeAiProviders();
  smtp = new SMTPServer({
    closeTimeout: 200, // the mailer's pooled connections are cut at once when the test server closes (default: 30 s)
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: String((mail.to as { text: string }).text), subject: mail.subject ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  smtpPort = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)));
});

afterAll(async () => {
  await fake?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('with an OpenAI-compatible provider and an SMTP server', () => {
  let t: OrdersTestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startOrdersApp('integrations', {
      ...NO_AI,
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_API_KEY: API_KEY,
      OPENAI_MODEL: 'llama3.1:8b',
      AI_TIMEOUT_MS: '3000',
      SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`,
    });
    admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
  });

  afterAll(async () => {
    await t?.close();
    await t?.drop();
  });

  it('shows the provider, model, endpoint, SMTP target and queues, and never a secret', async () => {
    const res = await admin.get('/api/admin/integrations').expect(200);
    expect(res.body.ai).toEqual({ configured: true, provider: 'openai', model: 'llama3.1:8b', base_url: `${fake.url}/v1`, api_key_set: true, last_call: null });
    expect(res.body.email).toMatchObject({ transport: 'smtp', target: `smtp://127.0.0.1:${smtpPort}`, credentials_set: true, queue_depth: 0, last_error: null });
    expect((res.body.jobs as Array<{ name: string }>).map((q) => q.name)).toEqual(expect.arrayContaining(['catalogue-import', 'order-email']));
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(SMTP_PASSWORD);
    expect(text).not.toContain('mailer');
  });

  it("'Test' asks the model for one word and records the call; a failing provider's error is shown", async () => {
    fake.reset();
    fake.behaviour = { kind: 'text', text: 'OK' };
    const ok = await admin.post('/api/admin/integrations/ai/test').expect(200);
    expect(ok.body).toMatchObject({ ok: true, message: 'OK (the model answered "OK")' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.prompt).toContain('Reply with the single word OK.');
    await until(async () => (await admin.get('/api/admin/integrations')).body.ai.last_call?.ok === true, 'the recorded call');

    fake.behaviour = { kind: 'http-error', status: 401, message: 'Incorrect API key provided' };
    const failed = await admin.post('/api/admin/integrations/ai/test').expect(200);
    expect(failed.body.ok).toBe(false);
    expect(failed.body.message).toContain('Incorrect API key provided');
    await until(async () => (await admin.get('/api/admin/integrations')).body.ai.last_call?.ok === false, 'the recorded failure');
    const state = (await admin.get('/api/admin/integrations')).body;
    expect(state.ai.last_call.message).toContain('Incorrect API key provided');
    expect(JSON.stringify(state)).not.toContain(API_KEY);
  });

  it("'Send test email' sends to the admin's own address now, and an SMTP failure is shown as the last error", async () => {
    const sent = await admin.post('/api/admin/integrations/email/test').expect(200);
    expect(sent.body).toMatchObject({ ok: true });
    const [{ email }] = await t.dataSource.query(`SELECT email FROM users WHERE username = 'admin'`);
    expect(sent.body.message).toBe(`Sent to ${email}`);
    expect(received).toContainEqual({ to: email, subject: 'DentalMarket test email' });
    await until(async () => (await admin.get('/api/admin/integrations')).body.email.last_send?.ok === true, 'the recorded send');

    // the SMTP server goes away: the test says so, and the tab shows the error
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    try {
      const failed = await admin.post('/api/admin/integrations/email/test').expect(200);
      expect(failed.body.ok).toBe(false);
      expect(failed.body.message).toMatch(/ECONNREFUSED|connect/i);
      await until(async () => (await admin.get('/api/admin/integrations')).body.email.last_error !== null, 'the recorded error');
      expect(JSON.stringify((await admin.get('/api/admin/integrations')).body)).not.toContain(SMTP_PASSWORD);
    } finally {
      smtp = new SMTPServer({ closeTimeout: 200, authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
      await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));
    }
  });

  it('is for admins only', async () => {
    await request(t.http).get('/api/admin/integrations').expect(401);
    const customer = await signIn(t.http, 'dr.smith', 'DentalDemo!2026');
    await customer.get('/api/admin/integrations').expect(403);
    await customer.post('/api/admin/integrations/ai/test').expect(403);
    await customer.post('/api/admin/integrations/email/test').expect(403);
  });
});

describe('without an AI provider or SMTP', () => {
  it("says so, and the AI test answers 503 with what to set", async () => {
    const t = await startOrdersApp('integrations_none', { ...NO_AI, SMTP_URL: '' });
    try {
      const admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
      const res = await admin.get('/api/admin/integrations').expect(200);
      expect(res.body.ai).toEqual({ configured: false, provider: null, model: null, base_url: null, api_key_set: false, last_call: null });
      expect(res.body.email).toMatchObject({ transport: 'file', credentials_set: false });
      expect(res.body.email.target).toMatch(/mail$/);
      const refused = await admin.post('/api/admin/integrations/ai/test').expect(503);
      expect(refused.body.message).toContain('AI generation is not configured');
    } finally {
      await t.close();
      await t.drop();
    }
  });
});

/** Waits until `condition` holds (the queue works in the background); fails naming `what`. */
const until = (condition: () => boolean | Promise<boolean>, what: string) => eventually(condition, { what, timeout: 20_000 });
