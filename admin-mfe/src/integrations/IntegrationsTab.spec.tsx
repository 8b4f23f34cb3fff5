/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { IntegrationsState, IntegrationTestResult, RemotesManifest } from '@dentalmarket/contracts';
import { deferred, renderWithStore, stubFetch, type Answer, type Call } from '../categories/testSupport.js';
import { integrationsState, liveFrontends, manifestWithLive, unconfiguredState } from './integrationFixtures.js';
import { formatDateTime, NOT_LOADED, SOURCE_LABELS } from './integrationFormat.js';
import { LIVE_LOAD_FAILED } from './FrontendsCard.js';
import { NO_API_KEYS } from './ApiKeysCard.js';
import { NO_WEBHOOKS } from './WebhooksCard.js';
import { INTEGRATIONS_POLL_MS, IntegrationsTab } from './IntegrationsTab.js';

const STATE = '/api/admin/integrations';
const AI_TEST = '/api/admin/integrations/ai/test';
const EMAIL_TEST = '/api/admin/integrations/email/test';
const LIVE = '/api/mf-manifest?include=live';
const API_KEYS = '/api/admin/api-keys';
const WEBHOOKS = '/api/admin/webhooks';

/**
 * The API: `state()` answers each GET (so a spec can change what the next one says); `tests` answer
 * the POSTs; `live()` answers what is live. There are no API keys nor webhook endpoints (ApiKeysCard.spec.tsx
 * and WebhooksCard.spec.tsx have them).
 */
function serve(state: () => IntegrationsState | Answer = integrationsState, tests: Record<string, () => Answer> = {}, live: () => RemotesManifest | Answer = manifestWithLive) {
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === STATE) {
      const answer = state();
      return 'ai' in answer ? { status: 200, body: answer } : answer;
    }
    if (call.method === 'GET' && call.path === LIVE) {
      const answer = live();
      return 'storefront' in answer ? { status: 200, body: answer } : answer;
    }
    if (call.method === 'GET' && (call.path === API_KEYS || call.path === WEBHOOKS)) return { status: 200, body: [] };
    if (call.method === 'POST' && tests[call.path]) return tests[call.path]();
    return { status: 404, body: { message: 'not served' } };
  });
}

const card = (name: string) => within(screen.getByRole('region', { name }));
const stateCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === STATE).length;
const liveCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === LIVE).length;
/** A frontend's section in the Frontends card: the shell or a remote, by its heading. */
const frontend = (name: string) => within(card('Frontends').getByRole('region', { name }));
/** A shared module's row, once its list is open: what it asked for, what it got and where from, and whether it is a singleton. */
function moduleRow(section: ReturnType<typeof within>, name: string) {
  const row = section.getByText(name).closest('tr')!;
  const [asked, got] = within(row).getAllByRole('cell');
  return { row, asked: asked!.textContent, got: got!.firstChild!.textContent, source: got!.lastChild!.textContent, singleton: within(row).queryByText('singleton') !== null };
}
const result = (ok: boolean, message: string, ms: number): IntegrationTestResult => ({ at: '2026-11-25T18:10:00.000Z', ok, message, ms });

/**
 * The clock is jest's and every spec holds it still, so no 10 s poll fires unless a spec moves the
 * clock: each call a spec sees comes from what it did. The stubbed network (Node's streams) runs on
 * the real event loop, so `settled` lets that loop turn, a bounded number of times, without moving
 * the clock (testing-library's findBy would wait on the held clock).
 */
const realTimeout = globalThis.setTimeout;
const turn = () => act(() => new Promise<void>((resolve) => void realTimeout(resolve, 0)));
async function settled<T>(get: () => T): Promise<T> {
  for (let i = 0; i < 500; i += 1) {
    try {
      return get();
    } catch {
      await turn();
    }
  }
  return get();
}
/** The clock moves `ms`, then whatever that started (a poll and its answer) finishes. */
async function passes(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 20; i += 1) await turn();
}
const pageBecomes = async (visibility: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  await act(async () => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
};

beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
afterEach(() => {
  jest.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('the admin Integrations tab', () => {
  it('shows the AI provider, email and job queue cards from the API', async () => {
    serve();
    await renderWithStore(<IntegrationsTab />, null);
    expect(screen.getByRole('heading', { level: 2, name: 'Integrations' })).toBeTruthy();
    await settled(() => screen.getByRole('region', { name: 'AI provider' }));

    const ai = card('AI provider');
    for (const text of ['Gemini', 'gemini-2.5-flash', 'API key: set', formatDateTime('2026-11-25T18:04:00.000Z'), 'OK', '412 ms']) expect(ai.getByText(text)).toBeTruthy();
    // the endpoint is the provider's default: no row for it
    expect(ai.queryByText('Endpoint')).toBeNull();
    expect(ai.getByRole('button', { name: 'Test' }).hasAttribute('disabled')).toBe(false);

    const email = card('Email');
    for (const text of [
      'SMTP server mail.example.com:587',
      'SMTP credentials: set',
      'DentalMarket <orders@dentalmarket.example>',
      '3 emails waiting',
      formatDateTime('2026-11-25T17:30:00.000Z'),
      'Connection refused by mail.example.com:587',
      '30,004 ms',
      formatDateTime('2026-11-25T18:02:00.000Z'),
      '221 ms',
    ]) {
      expect(email.getByText(text)).toBeTruthy();
    }

    const jobs = card('Job queue');
    expect(jobs.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Queue', 'Waiting', 'Active', 'Retrying', 'Failed']);
    const row = (name: string) => within(jobs.getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(row('order-email')).toEqual(['3', '1', '1', '2']);
    expect(row('catalogue-import')).toEqual(['0', '0', '0', '0']);

    // the API keys (issue 35), from a query of their own
    expect(await settled(() => card('API keys').getByText(NO_API_KEYS))).toBeTruthy();
    expect(card('API keys').getByRole('button', { name: 'Create API key' })).toBeTruthy();
    // the webhook endpoints (issue 35) under them, from a query of their own too
    expect(await settled(() => card('Webhooks').getByText(NO_WEBHOOKS))).toBeTruthy();
    expect(card('Webhooks').getByRole('button', { name: 'Add endpoint' })).toBeTruthy();
    const cards = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(cards.indexOf('Webhooks')).toBe(cards.indexOf('API keys') + 1);
  });

  it("'Test' asks the AI provider, shows how long it took in a status message, and reloads the card", async () => {
    let state = integrationsState();
    const answer = deferred();
    const { calls } = serve(() => state, { [AI_TEST]: () => answer.promise });
    await renderWithStore(<IntegrationsTab />, null);
    await settled(() => screen.getByText('API key: set'));
    const before = stateCalls(calls);

    fireEvent.click(card('AI provider').getByRole('button', { name: 'Test' }));
    const status = card('AI provider').getByRole('status');
    expect(await settled(() => within(status).getByText('Testing the AI provider…'))).toBeTruthy();
    await settled(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([AI_TEST]));
    // a second press while the test runs does not start another
    fireEvent.click(card('AI provider').getByRole('button', { name: 'Test' }));

    state = { ...state, ai: { ...state.ai, last_call: result(true, 'OK', 1234) } };
    answer.settle({ status: 200, body: result(true, 'OK', 1234) });
    expect(await settled(() => within(status).getByText('The AI provider answered in 1,234 ms.'))).toBeTruthy();
    // the card asked again and shows the test as its last call
    expect(await settled(() => card('AI provider').getByText('1,234 ms'))).toBeTruthy();
    expect(stateCalls(calls)).toBeGreaterThan(before);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([AI_TEST]);
  });

  it("shows the provider's error when the test generation fails, and the API's message when no provider answers", async () => {
    const outcomes = [
      { status: 200, body: result(false, 'Gemini answered 429: quota exceeded', 88) },
      { status: 503, body: { statusCode: 503, message: 'AI generation is not configured.' } },
    ];
    serve(integrationsState, { [AI_TEST]: () => outcomes.shift()! });
    await renderWithStore(<IntegrationsTab />, null);
    await settled(() => screen.getByText('API key: set'));
    const status = card('AI provider').getByRole('status');

    fireEvent.click(card('AI provider').getByRole('button', { name: 'Test' }));
    expect(await settled(() => within(status).getByText('Gemini answered 429: quota exceeded'))).toBeTruthy();
    expect(within(status).queryByText(/answered in/)).toBeNull();

    fireEvent.click(card('AI provider').getByRole('button', { name: 'Test' }));
    expect(await settled(() => within(status).getByText('AI generation is not configured.'))).toBeTruthy();
    expect(within(status).queryByText('Gemini answered 429: quota exceeded')).toBeNull();
  });

  it("'Send test email' sends one to the admin and says so, or shows why it failed", async () => {
    const outcomes = [
      { status: 200, body: result(true, 'OK', 321) },
      { status: 200, body: result(false, 'Invalid login: 535 Authentication failed', 512) },
    ];
    const { calls } = serve(integrationsState, { [EMAIL_TEST]: () => outcomes.shift()! });
    await renderWithStore(<IntegrationsTab />, null);
    await settled(() => screen.getByText('3 emails waiting'));
    const status = card('Email').getByRole('status');

    fireEvent.click(card('Email').getByRole('button', { name: 'Send test email' }));
    expect(await settled(() => within(status).getByText('A test email was sent to your address.'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([EMAIL_TEST]);

    fireEvent.click(card('Email').getByRole('button', { name: 'Send test email' }));
    expect(await settled(() => within(status).getByText('Invalid login: 535 Authentication failed'))).toBeTruthy();
    expect(within(status).queryByText('A test email was sent to your address.')).toBeNull();
    // the AI card's outcome is its own
    expect(within(card('AI provider').getByRole('status')).queryByText(/./)).toBeNull();
  });

  it("with no AI provider 'Test' is off and says why; the file sink is named with its directory", async () => {
    const { calls } = serve(unconfiguredState, { [EMAIL_TEST]: () => ({ status: 200, body: result(true, 'OK', 12) }) });
    await renderWithStore(<IntegrationsTab />, null);
    await settled(() => screen.getByRole('region', { name: 'AI provider' }));

    const ai = card('AI provider');
    expect(ai.getByText('Not configured')).toBeTruthy();
    expect(ai.getByText('API key: not set')).toBeTruthy();
    expect(ai.getByText('No calls yet')).toBeTruthy();
    const test = ai.getByRole('button', { name: 'Test' });
    expect(test.hasAttribute('disabled')).toBe(true);
    expect(test.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(test.getAttribute('aria-describedby')!)!.textContent).toMatch(/^No AI provider is configured: set GEMINI_API_KEY/);
    fireEvent.click(test);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const email = card('Email');
    for (const text of ['Files in /var/lib/dentalmarket/mail (SMTP_URL is not set)', 'SMTP credentials: not set', '1 email waiting', 'No errors', 'Nothing sent yet']) {
      expect(email.getByText(text)).toBeTruthy();
    }
    expect(card('Job queue').getByText('No job queues yet.')).toBeTruthy();

    fireEvent.click(email.getByRole('button', { name: 'Send test email' }));
    const written = 'A test email was sent to your address. Without an SMTP server it was written as a file in /var/lib/dentalmarket/mail.';
    expect(await settled(() => within(email.getByRole('status')).getByText(written))).toBeTruthy();
  });

  it("says when the integrations cannot be loaded, and 'Try again' loads them", async () => {
    const answers: Answer[] = [{ status: 500, body: { statusCode: 500, message: 'Internal server error' } }];
    serve(() => answers.shift() ?? integrationsState());
    await renderWithStore(<IntegrationsTab />, null);
    const alert = await settled(() => screen.getByRole('alert'));
    expect(within(alert).getByText('Could not load the integrations.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'AI provider' })).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await settled(() => screen.getByText('API key: set'))).toBeTruthy();
    expect(screen.queryByText('Could not load the integrations.')).toBeNull();
  });

  it("'Refresh' asks the API again and shows the new queue figures", async () => {
    let state = integrationsState();
    const { calls } = serve(() => state);
    await renderWithStore(<IntegrationsTab />, null);
    await settled(() => screen.getByRole('rowheader', { name: 'order-email' }));
    const before = stateCalls(calls);

    state = { ...state, jobs: [{ name: 'order-email', waiting: 0, active: 0, retrying: 0, failed: 3 }] };
    fireEvent.click(card('Job queue').getByRole('button', { name: 'Refresh' }));
    await settled(() => expect(card('Job queue').queryByRole('rowheader', { name: 'catalogue-import' })).toBeNull());
    const cells = within(card('Job queue').getByRole('rowheader', { name: 'order-email' }).closest('tr')!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['0', '0', '0', '3']);
    expect(stateCalls(calls)).toBe(before + 1);
  });

  describe('auto-refresh', () => {
    it('asks again every 10 s while the tab is shown and the page visible, and stops when the tab is left', async () => {
      let state = integrationsState();
      const { calls } = serve(() => state);
      const { view } = await renderWithStore(<IntegrationsTab />, null);
      await settled(() => expect(screen.getByText('3 emails waiting')).toBeTruthy());
      expect(stateCalls(calls)).toBe(1);

      state = { ...state, email: { ...state.email, queue_depth: 7 } };
      await passes(INTEGRATIONS_POLL_MS - 1);
      expect(stateCalls(calls)).toBe(1);
      await passes(1);
      await settled(() => expect(screen.getByText('7 emails waiting')).toBeTruthy());
      expect(stateCalls(calls)).toBe(2);

      // a hidden page is not polled; it asks at once when it is visible again
      await pageBecomes('hidden');
      await passes(3 * INTEGRATIONS_POLL_MS);
      expect(stateCalls(calls)).toBe(2);
      await pageBecomes('visible');
      await settled(() => expect(stateCalls(calls)).toBe(3));

      view.unmount();
      await passes(3 * INTEGRATIONS_POLL_MS);
      expect(stateCalls(calls)).toBe(3);
    });
  });

  describe('Frontends: what is live (issue 33)', () => {
    it("shows the shell's build and, for each remote, whether the shell loads it, its build and where it is loaded from", async () => {
      const { calls } = serve();
      await renderWithStore(<IntegrationsTab />, null);
      await settled(() => card('Frontends').getByRole('region', { name: 'Storefront' }));
      expect(liveCalls(calls)).toBe(1);
      expect(card('Frontends').getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Shell', 'Storefront', 'Checkout', 'Admin']);

      const shell = frontend('Shell');
      for (const text of ['3f9c2a1e7b40', formatDateTime('2026-11-24T09:15:00.000Z')]) expect(shell.getByText(text)).toBeTruthy();
      expect(shell.getByRole('button', { name: /^Shared modules \(2\)/ })).toBeTruthy();

      const storefront = frontend('Storefront');
      for (const text of ['OK', '3f9c2a1e7b40', formatDateTime('2026-11-24T09:20:00.000Z'), '/remotes/storefront/mf-manifest.json']) expect(storefront.getByText(text)).toBeTruthy();

      const checkout = frontend('Checkout');
      for (const text of [NOT_LOADED, 'a81d0c55e2f9', 'https://cdn.dentalmarket.example/checkout/mf-manifest.json']) expect(checkout.getByText(text)).toBeTruthy();
      const unmet = checkout.getByRole('list', { name: 'Unmet requirements' });
      expect(within(unmet).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['react ^20.0.0 (the shell has 19.3.1)']);

      const admin = frontend('Admin');
      for (const text of ['Unreachable', 'GET /remotes/admin/mf-manifest.json answered 502 Bad Gateway', 'Unknown', '/remotes/admin/mf-manifest.json', 'No shared modules known.']) {
        expect(admin.getByText(text)).toBeTruthy();
      }
      expect(admin.queryByText('OK')).toBeNull();
      expect(card('Frontends').getByRole('status').textContent).toBe(`Checked at ${formatDateTime('2026-11-25T18:06:00.000Z')}.`);
    });

    it("lists a remote's shared modules once opened: what it asked for, what it got and from where, its own copies and unmet ones marked", async () => {
      serve();
      await renderWithStore(<IntegrationsTab />, null);
      await settled(() => card('Frontends').getByRole('region', { name: 'Storefront' }));

      const storefront = frontend('Storefront');
      const open = storefront.getByRole('button', { name: /^Shared modules \(3\)/ });
      // what stands out is said before the list is opened
      expect(open.textContent).toContain('1 own copy');
      expect(open.getAttribute('aria-expanded')).toBe('false');
      expect(storefront.queryByRole('table')).toBeNull();

      fireEvent.click(open);
      expect(open.getAttribute('aria-expanded')).toBe('true');
      const table = await settled(() => storefront.getByRole('table'));
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Module', 'Asked for', 'Got']);
      const react = moduleRow(storefront, 'react');
      expect(react).toMatchObject({ asked: '^19.0.0', got: '19.3.1', source: SOURCE_LABELS.shell, singleton: true });
      const yup = moduleRow(storefront, 'yup');
      expect(yup).toMatchObject({ asked: '^1.7.0', got: '1.7.1', source: SOURCE_LABELS.own, singleton: false });
      // a remote on its own copy stands out from those on the shell's
      expect(getComputedStyle(yup.row).backgroundColor).not.toBe(getComputedStyle(react.row).backgroundColor);

      const checkout = frontend('Checkout');
      const openCheckout = checkout.getByRole('button', { name: /^Shared modules \(2\)/ });
      expect(openCheckout.textContent).toContain('1 unmet');
      fireEvent.click(openCheckout);
      await settled(() => checkout.getByRole('table'));
      expect(moduleRow(checkout, 'react')).toMatchObject({ asked: '^20.0.0', got: 'none', source: 'unmet', singleton: true });
      expect(moduleRow(checkout, '@mui/material')).toMatchObject({ asked: '^9.2.0', got: '9.5.0', source: SOURCE_LABELS.shell });
      // the storefront's list stays open: each remote's is its own
      expect(storefront.getByRole('table')).toBeTruthy();
    });

    it("'Refresh' checks again; a check that fails says so and keeps the last answer on screen", async () => {
      let answer: () => RemotesManifest | Answer = () => manifestWithLive();
      const { calls } = serve(integrationsState, {}, () => answer());
      await renderWithStore(<IntegrationsTab />, null);
      await settled(() => frontend('Checkout').getByText(NOT_LOADED));

      const fixed = liveFrontends();
      fixed.checkedAt = '2026-11-25T18:30:00.000Z';
      fixed.remotes[1] = { ...fixed.remotes[1]!, status: 'ok', unmet: [], shared: [] };
      answer = () => manifestWithLive(fixed);
      const refresh = card('Frontends').getByRole('button', { name: 'Refresh' });
      fireEvent.click(refresh);
      await settled(() => frontend('Checkout').getByText('OK'));
      expect(frontend('Checkout').queryByText(NOT_LOADED)).toBeNull();
      expect(card('Frontends').getByRole('status').textContent).toBe(`Checked at ${formatDateTime('2026-11-25T18:30:00.000Z')}.`);
      expect(liveCalls(calls)).toBe(2);

      answer = () => ({ status: 502, body: { statusCode: 502, message: 'Bad Gateway', error: 'Bad Gateway' } });
      fireEvent.click(refresh);
      const alert = await settled(() => card('Frontends').getByRole('alert'));
      expect(within(alert).getByText(LIVE_LOAD_FAILED)).toBeTruthy();
      expect(within(alert).getByText('Bad Gateway')).toBeTruthy();
      expect(frontend('Checkout').getByText('OK')).toBeTruthy();
      expect(liveCalls(calls)).toBe(3);
      // the other cards are not asked again by it
      expect(stateCalls(calls)).toBe(1);
    });

    it('says when what is live cannot be read, while the other cards show; an API older than issue 33 is named as such', async () => {
      const answers: Answer[] = [{ status: 500, body: { statusCode: 500, message: 'Internal server error' } }];
      serve(integrationsState, {}, () => answers.shift() ?? manifestWithLive(null));
      const { view } = await renderWithStore(<IntegrationsTab />, null);
      const alert = await settled(() => card('Frontends').getByRole('alert'));
      expect(within(alert).getByText(LIVE_LOAD_FAILED)).toBeTruthy();
      expect(within(alert).getByText('Internal server error')).toBeTruthy();
      expect(card('Frontends').queryByRole('region', { name: 'Shell' })).toBeNull();
      expect(await settled(() => card('AI provider').getByText('API key: set'))).toBeTruthy();

      fireEvent.click(card('Frontends').getByRole('button', { name: 'Refresh' }));
      expect(await settled(() => card('Frontends').getByText('The API does not say what is live: it is older than this screen.'))).toBeTruthy();
      expect(card('Frontends').queryByRole('alert')).toBeNull();
      view.unmount();
    });
  });
});
