/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey, CreateApiKeyRequest } from '@dentalmarket/contracts';
import { renderWithStore, stubFetch, type Answer, type Call } from '../categories/testSupport.js';
import { API_KEYS_NOW, apiKeys, stockSyncKey, withSecret } from './integrationFixtures.js';
import { formatDateTime } from './integrationFormat.js';
import { endOfDay } from './apiKeySchema.js';
import { API_KEYS_LOAD_FAILED, ApiKeysCard, NO_API_KEYS } from './ApiKeysCard.js';
import { SECRET_TITLES, SECRET_WARNING } from './ApiKeySecretDialog.js';

const LIST = '/api/admin/api-keys';
const NEW_SECRET_REST = 'nEwSeCrEt0123456789abcdefghijKLMN';

/**
 * The API, holding its keys: a create puts the new key first, a revoke and a roll change the key, and
 * the next GET shows it. `refuse` answers a POST instead, when a spec wants it refused.
 */
function serve(initial: ApiKey[] = apiKeys(), { refuse, list }: { refuse?: (call: Call) => Answer | null; list?: () => Answer | null } = {}) {
  let keys = initial;
  const replace = (id: string, change: (key: ApiKey) => ApiKey) => {
    keys = keys.map((key) => (key.id === id ? change(key) : key));
    return keys.find((key) => key.id === id)!;
  };
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === LIST) return list?.() ?? { status: 200, body: keys };
    const refused = call.method === 'POST' ? refuse?.(call) : null;
    if (refused) return refused;
    if (call.method === 'POST' && call.path === LIST) {
      const body = call.body as CreateApiKeyRequest;
      const key: ApiKey = { ...stockSyncKey(), id: 'key-5', prefix: 'dm_sk_77aa00ff', name: body.name, scopes: body.scopes, expires_at: body.expires_at ?? null, created_at: API_KEYS_NOW, last_used_at: null, last_used_ip: null };
      keys = [key, ...keys];
      return { status: 201, body: withSecret(key, NEW_SECRET_REST) };
    }
    const action = /^\/api\/admin\/api-keys\/([^/]+)\/(revoke|roll)$/.exec(call.path);
    if (call.method === 'POST' && action) {
      const [, id, verb] = action as unknown as [string, string, 'revoke' | 'roll'];
      if (verb === 'revoke') return { status: 200, body: replace(id, (key) => ({ ...key, revoked_at: API_KEYS_NOW })) };
      const hours = (call.body as { grace_hours: number }).grace_hours;
      const until = hours ? new Date(Date.parse(API_KEYS_NOW) + hours * 3_600_000).toISOString() : null;
      const key = replace(id, (k) => ({ ...k, previous_secret_expires_at: until }));
      return { status: 200, body: withSecret(key, NEW_SECRET_REST) };
    }
    return { status: 404, body: { statusCode: 404, message: 'not served', error: 'Not Found' } };
  });
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST).length;
const item = (name: string) => within(screen.getByRole('listitem', { name }));
const keyNames = () => within(screen.getByRole('list', { name: 'API keys' })).getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
const renderCard = () => renderWithStore(<ApiKeysCard />, null);

// the clock stands still at API_KEYS_NOW, so the fixtures' keys are active, rolled, expired or revoked
// as of it; timers stay real, for the dialogs' transitions and the stubbed network
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date(API_KEYS_NOW),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
});
afterEach(() => jest.useRealTimers());

describe('API keys (issue 35)', () => {
  it('lists the working keys first, then the expired, then the revoked, each with what it may do and when it was used', async () => {
    serve();
    await renderCard();
    await screen.findByRole('list', { name: 'API keys' });
    expect(keyNames()).toEqual(['Stock sync (production)', 'Smile Dental practice system', 'Webhook trial', 'Old CSV importer']);

    const active = item('Stock sync (production)');
    for (const text of [
      'Active',
      'dm_sk_4f9a2c1e',
      'catalogue:read',
      'catalogue:write',
      `${formatDateTime('2026-11-20T09:30:00.000Z')} by maria`,
      `${formatDateTime('2026-11-25T17:58:00.000Z')} from 203.0.113.24`,
      formatDateTime('2027-05-20T09:30:00.000Z'),
    ]) {
      expect(active.getByText(text)).toBeTruthy();
    }
    expect(active.queryByText(/Previous secret/)).toBeNull();
    // the buttons say which key they act on
    expect(active.getByRole('button', { name: 'Roll secret', description: 'Stock sync (production)' })).toBeTruthy();
    expect(active.getByRole('button', { name: 'Revoke', description: 'Stock sync (production)' })).toBeTruthy();

    const rolled = item('Smile Dental practice system');
    for (const text of [
      'Active',
      'orders:read',
      'customers:read',
      `${formatDateTime('2026-10-02T14:00:00.000Z')} by a deleted account`,
      `${formatDateTime('2026-11-25T18:05:00.000Z')} from 2001:db8::7`,
      'No expiry',
      `Previous secret works until ${formatDateTime('2026-11-26T09:00:00.000Z')}`,
    ]) {
      expect(rolled.getByText(text)).toBeTruthy();
    }

    const expired = item('Webhook trial');
    for (const text of ['Expired', `Expired ${formatDateTime('2026-09-01T12:00:00.000Z')}`, 'Never used', `${formatDateTime('2026-03-01T12:00:00.000Z')} by joao`]) {
      expect(expired.getByText(text)).toBeTruthy();
    }
    // an expired key can be revoked (it still counts among the shop's keys), not rolled
    expect(expired.getAllByRole('button').map((b) => b.textContent)).toEqual(['Revoke']);

    const revoked = item('Old CSV importer');
    for (const text of ['Revoked', formatDateTime('2026-09-15T10:20:00.000Z'), `${formatDateTime('2026-09-14T22:00:00.000Z')} from 198.51.100.7`, 'imports:write']) {
      expect(revoked.getByText(text)).toBeTruthy();
    }
    expect(revoked.queryAllByRole('button')).toEqual([]);
    // muted, apart from the keys that work
    const li = (name: string) => screen.getByRole('listitem', { name });
    expect(getComputedStyle(li('Old CSV importer')).backgroundColor).not.toBe(getComputedStyle(li('Stock sync (production)')).backgroundColor);
  });

  it("says when there are no keys, and when they cannot be loaded, with 'Try again'", async () => {
    const answers: Answer[] = [{ status: 500, body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' } }];
    serve([], { list: () => answers.shift() ?? null });
    await renderCard();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(API_KEYS_LOAD_FAILED)).toBeTruthy();
    expect(within(alert).getByText('Internal server error')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(NO_API_KEYS)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('creates a key: checks the form, sends the name, the scopes and the expiry, then shows the secret once with Copy', async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { calls } = serve([]);
    const { store } = await renderCard();
    await screen.findByText(NO_API_KEYS);

    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create API key' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('Name is required')).toBeTruthy();
    expect(dialog.getByText('Choose at least one scope')).toBeTruthy();
    // the first field in error has the focus
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^Name/)));

    const name = dialog.getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'x'.repeat(81) } });
    fireEvent.blur(name);
    expect(await dialog.findByText('Name must be at most 80 characters')).toBeTruthy();
    fireEvent.change(name, { target: { value: '  Stock sync (production) ' } });
    // each scope is offered with what it opens; ticked out of the API's order
    expect(dialog.getByRole('checkbox', { name: /^catalogue:write/ }).closest('label')!.textContent).toContain('Create, change and delete products');
    fireEvent.click(dialog.getByRole('checkbox', { name: /^catalogue:write/ }));
    fireEvent.click(dialog.getByRole('checkbox', { name: /^catalogue:read/ }));
    await waitFor(() => expect(dialog.queryByText('Choose at least one scope')).toBeNull());

    fireEvent.mouseDown(dialog.getByRole('combobox', { name: /^Expiry/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'On a date' }));
    const day = await dialog.findByLabelText(/^Expiry day/);
    fireEvent.change(day, { target: { value: '2026-11-24' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('The day must be today or later')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(day, { target: { value: '2027-03-31' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create key' }));
    const shown = within(await screen.findByRole('dialog', { name: SECRET_TITLES.created }));
    expect(posts(calls)).toEqual([
      { method: 'POST', path: LIST, body: { name: 'Stock sync (production)', scopes: ['catalogue:read', 'catalogue:write'], expires_at: endOfDay('2027-03-31').toISOString() } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create API key' })).toBeNull());
    expect(await screen.findByText('API key created')).toBeTruthy();

    const secret = `dm_sk_77aa00ff${NEW_SECRET_REST}`;
    const field = shown.getByLabelText('Secret') as HTMLTextAreaElement;
    expect(field.value).toBe(secret);
    expect(field.readOnly).toBe(true);
    expect(shown.getByText(SECRET_WARNING)).toBeTruthy();
    expect(shown.getByText(/^The secret of "Stock sync \(production\)"/)).toBeTruthy();
    // the secret is in the dialog only, never in the store
    expect(JSON.stringify(store.getState())).not.toContain(secret);

    fireEvent.click(shown.getByRole('button', { name: 'Copy' }));
    expect(await within(shown.getByRole('status')).findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(secret);

    // a click outside does not lose it; Done does
    fireEvent.click(screen.getByRole('dialog', { name: SECRET_TITLES.created }).closest('.MuiDialog-root')!.querySelector('.MuiBackdrop-root')!);
    expect(screen.getByRole('dialog', { name: SECRET_TITLES.created })).toBeTruthy();
    fireEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
    expect(await screen.findByRole('listitem', { name: 'Stock sync (production)' })).toBeTruthy();
    expect(listCalls(calls)).toBe(2);
  });

  it("keeps the dialog and what was typed when the create is refused, and toasts the API's messages", async () => {
    const { calls } = serve([], {
      refuse: () => ({ status: 400, body: { statusCode: 400, message: ['name must be unique', 'expires_at must be in the future'], error: 'Bad Request' } }),
    });
    await renderCard();
    await screen.findByText(NO_API_KEYS);
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create API key' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Stock sync' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /^orders:read/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText('Failed to create API key: name must be unique, expires_at must be in the future')).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: 'POST', path: LIST, body: { name: 'Stock sync', scopes: ['orders:read'], expires_at: null } }]);
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Stock sync');
    expect(screen.queryByRole('dialog', { name: SECRET_TITLES.created })).toBeNull();
  });

  it("asks 'Discard changes?' when Escape would close a create dialog with typed changes, and closes at once without", async () => {
    const { calls } = serve([]);
    await renderCard();
    await screen.findByText(NO_API_KEYS);

    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Create API key' }));
    fireEvent.keyDown(dialog.getByLabelText(/^Name/), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Create API key' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Lab connector' } });
    fireEvent.keyDown(dialog.getByLabelText(/^Name/), { key: 'Escape' });
    const asked = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    fireEvent.click(asked.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Lab connector');

    fireEvent.keyDown(dialog.getByLabelText(/^Name/), { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);
  });

  it('revokes a key after asking, naming it; Cancel revokes nothing', async () => {
    const { calls } = serve();
    await renderCard();
    await screen.findByRole('list', { name: 'API keys' });

    fireEvent.click(item('Stock sync (production)').getByRole('button', { name: 'Revoke' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Revoke API key' }));
    expect(dialog.getByText('Revoke "Stock sync (production)"? Software using it stops working at once.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);

    fireEvent.click(item('Stock sync (production)').getByRole('button', { name: 'Revoke' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Revoke API key' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key revoked')).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: 'POST', path: '/api/admin/api-keys/key-4/revoke', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // asked again: now revoked, it goes to the end, without actions
    await waitFor(() => expect(keyNames()).toEqual(['Smile Dental practice system', 'Webhook trial', 'Stock sync (production)', 'Old CSV importer']));
    expect(item('Stock sync (production)').getByText('Revoked')).toBeTruthy();
    expect(item('Stock sync (production)').queryAllByRole('button')).toEqual([]);
    // its Revoke button, which had the focus, is gone: the focus is on the revoked key, not lost to the page
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('listitem', { name: 'Stock sync (production)' })));
  });

  it('rolls a secret: the old one keeps working for the chosen time, and the new one is shown once', async () => {
    const { calls } = serve();
    const { store } = await renderCard();
    await screen.findByRole('list', { name: 'API keys' });

    fireEvent.click(item('Stock sync (production)').getByRole('button', { name: 'Roll secret' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Roll secret' }));
    expect(dialog.getByText(/^"Stock sync \(production\)" gets a new secret/)).toBeTruthy();
    expect(dialog.getAllByRole('radio').map((r) => (r.closest('label') as HTMLElement).textContent)).toEqual(['At once', 'After 1 hour', 'After 24 hours', 'After 7 days']);
    expect((dialog.getByRole('radio', { name: 'At once' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('radio', { name: 'After 24 hours' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Roll secret' }));

    const shown = within(await screen.findByRole('dialog', { name: SECRET_TITLES.rolled }));
    expect(posts(calls)).toEqual([{ method: 'POST', path: '/api/admin/api-keys/key-4/roll', body: { grace_hours: 24 } }]);
    const secret = `dm_sk_4f9a2c1e${NEW_SECRET_REST}`;
    expect((shown.getByLabelText('Secret') as HTMLTextAreaElement).value).toBe(secret);
    expect(shown.getByText(SECRET_WARNING)).toBeTruthy();
    const until = `Previous secret works until ${formatDateTime('2026-11-26T18:10:00.000Z')}`;
    expect(shown.getByText(until)).toBeTruthy();
    expect(await screen.findByText('Secret rolled')).toBeTruthy();
    expect(JSON.stringify(store.getState())).not.toContain(secret);

    fireEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
    // the list was asked again and says until when the old secret works
    expect(await waitFor(() => item('Stock sync (production)').getByText(until))).toBeTruthy();
    expect(listCalls(calls)).toBe(2);
  });
});
