/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest, WebhookEndpoint } from '@dentalmarket/contracts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@dentalmarket/contracts/webhooks';
import { screenWidth } from '@dentalmarket/ui/testing';
import { renderWithStore, stubFetch, type Answer, type Call } from '../categories/testSupport.js';
import { formatDateTime } from './integrationFormat.js';
import { SECRET_WARNING } from './SecretOnceDialog.js';
import { DELIVERIES_LOAD_FAILED, NO_DELIVERIES } from './WebhookDeliveriesDialog.js';
import { URL_FORMAT_MESSAGE } from './webhookSchema.js';
import { WEBHOOK_SECRET_TITLES } from './WebhookSecretDialog.js';
import { NO_WEBHOOKS, WEBHOOKS_LOAD_FAILED, WebhooksCard } from './WebhooksCard.js';
import { practiceDeliveryPages, supplierEndpoint, webhookEndpoints, WEBHOOKS_NOW, withWebhookSecret } from './webhookFixtures.js';

const LIST = '/api/admin/webhooks';
const NEW_SECRET = 'whsec_bmV3IHNpZ25pbmcgc2VjcmV0IGZvciB0ZXN0cw==';
const SUPPLIER = 'https://erp.supplier.example/hooks/dentalmarket';
const PRACTICE = 'https://practice.example/webhooks';
const OLD = 'https://old.example.net/wh';

/**
 * The API, holding its endpoints: a create puts the new one first, a PATCH, a rotation and a delete
 * change them, and the next GET shows it. The practice endpoint's delivery log answers by cursor.
 * `refuse` answers a call instead (not a GET), when a spec wants it refused; `deliveries` answers the log.
 */
function serve(initial: WebhookEndpoint[] = webhookEndpoints(), { refuse, list, deliveries }: { refuse?: (call: Call) => Answer | null; list?: () => Answer | null; deliveries?: (call: Call) => Answer | null } = {}) {
  let endpoints = initial;
  const [first, second] = practiceDeliveryPages();
  const replace = (id: string, change: (endpoint: WebhookEndpoint) => WebhookEndpoint) => {
    endpoints = endpoints.map((endpoint) => (endpoint.id === id ? change(endpoint) : endpoint));
    return endpoints.find((endpoint) => endpoint.id === id)!;
  };
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === LIST) return list?.() ?? { status: 200, body: endpoints };
    if (call.method === 'GET' && call.path.startsWith(`${LIST}/wh-2/deliveries?`)) {
      const answer = deliveries?.(call);
      if (answer) return answer;
      return { status: 200, body: new URLSearchParams(call.path.split('?')[1]).get('cursor') === 'cur-att-4' ? second : first };
    }
    const refused = call.method !== 'GET' ? refuse?.(call) : null;
    if (refused) return refused;
    if (call.method === 'POST' && call.path === LIST) {
      const body = call.body as CreateWebhookEndpointRequest;
      const endpoint: WebhookEndpoint = {
        ...supplierEndpoint(),
        id: 'wh-9',
        url: body.url,
        description: body.description ?? '',
        events: body.events,
        enabled: body.enabled ?? true,
        previous_secret_expires_at: null,
        created_at: WEBHOOKS_NOW,
        updated_at: WEBHOOKS_NOW,
      };
      endpoints = [endpoint, ...endpoints];
      return { status: 201, body: withWebhookSecret(endpoint, NEW_SECRET) };
    }
    const one = /^\/api\/admin\/webhooks\/([^/]+)(\/rotate-secret|\/test|\/deliveries\/([^/]+)\/resend)?$/.exec(call.path);
    if (one) {
      const [, id, action] = one as unknown as [string, string, string | undefined];
      if (call.method === 'PATCH' && !action) return { status: 200, body: replace(id, (endpoint) => ({ ...endpoint, ...(call.body as UpdateWebhookEndpointRequest), disabled_reason: null, updated_at: WEBHOOKS_NOW })) };
      if (call.method === 'DELETE' && !action) {
        endpoints = endpoints.filter((endpoint) => endpoint.id !== id);
        return { status: 204, body: undefined };
      }
      if (call.method === 'POST' && action === '/rotate-secret') {
        const hours = (call.body as { grace_hours: number }).grace_hours;
        const until = hours ? new Date(Date.parse(WEBHOOKS_NOW) + hours * 3_600_000).toISOString() : null;
        return { status: 200, body: withWebhookSecret(replace(id, (endpoint) => ({ ...endpoint, previous_secret_expires_at: until })), NEW_SECRET) };
      }
      if (call.method === 'POST' && action) return { status: 202, body: undefined };
    }
    return { status: 404, body: { statusCode: 404, message: 'not served', error: 'Not Found' } };
  });
}

const changes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST).length;
const logCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.includes('/deliveries')).map((c) => c.path);
const item = (url: string) => within(screen.getByRole('listitem', { name: url }));
const urls = () => within(screen.getByRole('list', { name: 'Webhook endpoints' })).getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
const renderCard = () => renderWithStore(<WebhooksCard />, null);
const loaded = async () => {
  await screen.findByRole('list', { name: 'Webhook endpoints' });
};
async function openForm(button: HTMLElement, title: string) {
  fireEvent.click(button);
  return within(await screen.findByRole('dialog', { name: title }));
}
/** The table's attempts, a row each (a response shown is a row of its own, left out), by their cells' text. */
const rows = (table: HTMLElement) => [...table.querySelectorAll('tbody tr[data-attempt-index]')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

// the clock stands still at WEBHOOKS_NOW (the supplier's previous secret still signs as of it);
// timers stay real, for the dialogs' transitions and the stubbed network
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date(WEBHOOKS_NOW),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
});
afterEach(() => {
  jest.useRealTimers();
  screenWidth(false);
});

describe('Webhooks (issue 35)', () => {
  it('lists the endpoints with their events, why one is disabled, since when one fails, and until when a previous secret signs', async () => {
    serve();
    await renderCard();
    await loaded();
    expect(urls()).toEqual([SUPPLIER, PRACTICE, OLD]);
    // the explanation links to the API's documentation
    expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('http://localhost/api/docs');

    const supplier = item(SUPPLIER);
    for (const text of [
      'Enabled',
      'Stock sync at the supplier',
      'product.created',
      'product.updated',
      'product.deleted',
      'import.finished',
      `${formatDateTime('2026-11-20T09:30:00.000Z')} by maria`,
      `The previous secret also signs deliveries until ${formatDateTime('2026-11-26T09:00:00.000Z')}`,
    ]) {
      expect(supplier.getByText(text)).toBeTruthy();
    }
    expect(supplier.queryByText(/Failing since/)).toBeNull();
    // each button says which endpoint it acts on
    for (const name of ['Deliveries', 'Send test event', 'Edit', 'Disable', 'Rotate secret', 'Delete']) {
      expect(supplier.getByRole('button', { name, description: SUPPLIER })).toBeTruthy();
    }

    const practice = item(PRACTICE);
    expect(practice.getByText('Failing')).toBeTruthy();
    expect(practice.getByText(`Failing since ${formatDateTime('2026-11-24T07:15:00.000Z')}. Its deliveries are retried; the delivery log says what the receiver answers.`)).toBeTruthy();

    const old = item(OLD);
    expect(old.getByText('Disabled')).toBeTruthy();
    expect(old.getByText('Disabled: Failing for 3 days: every delivery since Nov 20 was refused')).toBeTruthy();
    expect(old.getByText(`All ${WEBHOOK_EVENT_TYPES.length} events`)).toBeTruthy();
    expect(old.getByText(`${formatDateTime('2026-06-01T08:00:00.000Z')} by a deleted account or key`)).toBeTruthy();
    expect(old.getByRole('button', { name: 'Enable' })).toBeTruthy();
  });

  it("says when there are no endpoints, and when they cannot be loaded, with 'Try again'", async () => {
    const answers: Answer[] = [{ status: 500, body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' } }];
    serve([], { list: () => answers.shift() ?? null });
    await renderCard();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(WEBHOOKS_LOAD_FAILED)).toBeTruthy();
    expect(within(alert).getByText('Internal server error')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(NO_WEBHOOKS)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds an endpoint: checks the form, needs an event, sends the fields, then shows the signing secret once with Copy', async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { calls } = serve([]);
    const { store } = await renderCard();
    await screen.findByText(NO_WEBHOOKS);

    const dialog = await openForm(screen.getByRole('button', { name: 'Add endpoint' }), 'Add webhook endpoint');
    fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    expect(await dialog.findByText('URL is required')).toBeTruthy();
    expect(dialog.getByText('Choose at least one event')).toBeTruthy();
    // the first field in error has the focus
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^URL/)));

    const url = dialog.getByLabelText(/^URL/);
    for (const wrong of ['erp.supplier.example/hooks', 'ftp://files.example/hooks']) {
      fireEvent.change(url, { target: { value: wrong } });
      fireEvent.blur(url);
      expect(await dialog.findByText(URL_FORMAT_MESSAGE)).toBeTruthy();
    }
    fireEvent.change(url, { target: { value: `https://example.com/${'x'.repeat(2048)}` } });
    expect(await dialog.findByText('URL must be at most 2048 characters')).toBeTruthy();
    fireEvent.change(url, { target: { value: '  https://erp.supplier.example/hooks/dentalmarket ' } });
    const description = dialog.getByLabelText(/^Description/);
    fireEvent.change(description, { target: { value: 'y'.repeat(201) } });
    fireEvent.blur(description);
    expect(await dialog.findByText('Description must be at most 200 characters')).toBeTruthy();
    fireEvent.change(description, { target: { value: 'Stock sync at the supplier' } });

    // each event is offered with what it announces; 'Select all' ticks them all, and none again
    const events = dialog.getByRole('group', { name: /^Events/ });
    expect(within(events).getByRole('checkbox', { name: /^order\.placed/ }).closest('label')!.textContent).toContain(WEBHOOK_EVENT_LABELS['order.placed']);
    const selectAll = within(events).getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    const ticked = () => WEBHOOK_EVENT_TYPES.filter((event) => (within(events).getByRole('checkbox', { name: new RegExp(`^${event.replace('.', '\\.')}`) }) as HTMLInputElement).checked);
    fireEvent.click(selectAll);
    await waitFor(() => expect(ticked()).toEqual([...WEBHOOK_EVENT_TYPES]));
    fireEvent.click(selectAll);
    await waitFor(() => expect(ticked()).toEqual([]));
    // ticked out of the contract's order; then half of 'Select all'
    fireEvent.click(within(events).getByRole('checkbox', { name: /^import\.finished/ }));
    fireEvent.click(within(events).getByRole('checkbox', { name: /^product\.updated/ }));
    await waitFor(() => expect(dialog.queryByText('Choose at least one event')).toBeNull());
    expect(selectAll.checked).toBe(false);
    expect(selectAll.getAttribute('data-indeterminate')).toBe('true');
    // enabled unless switched off
    expect((dialog.getByRole('switch', { name: /^Enabled/ }) as HTMLInputElement).checked).toBe(true);
    expect(changes(calls)).toEqual([]);

    fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    const shown = within(await screen.findByRole('dialog', { name: WEBHOOK_SECRET_TITLES.created }));
    expect(changes(calls)).toEqual([{ method: 'POST', path: LIST, body: { url: SUPPLIER, description: 'Stock sync at the supplier', events: ['product.updated', 'import.finished'], enabled: true } }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add webhook endpoint' })).toBeNull());
    expect(await screen.findByText('Webhook endpoint added')).toBeTruthy();

    const field = shown.getByLabelText('Signing secret') as HTMLTextAreaElement;
    expect(field.value).toBe(NEW_SECRET);
    expect(field.readOnly).toBe(true);
    expect(shown.getByText(SECRET_WARNING)).toBeTruthy();
    expect(shown.getByText(/^This signing secret is shown once\. The software receiving https:\/\/erp\.supplier\.example\/hooks\/dentalmarket checks/)).toBeTruthy();
    // the secret is in the dialog only, never in the store
    expect(JSON.stringify(store.getState())).not.toContain(NEW_SECRET);

    fireEvent.click(shown.getByRole('button', { name: 'Copy' }));
    expect(await within(shown.getByRole('status')).findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(NEW_SECRET);

    // a click outside does not lose it; Done does, for good
    fireEvent.click(screen.getByRole('dialog', { name: WEBHOOK_SECRET_TITLES.created }).closest('.MuiDialog-root')!.querySelector('.MuiBackdrop-root')!);
    expect(screen.getByRole('dialog', { name: WEBHOOK_SECRET_TITLES.created })).toBeTruthy();
    fireEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(NEW_SECRET);
    expect(await screen.findByRole('listitem', { name: SUPPLIER })).toBeTruthy();
    expect(listCalls(calls)).toBe(2);
  });

  it("keeps the dialog and what was typed when the API refuses the endpoint, and toasts the API's message", async () => {
    const { calls } = serve([], {
      refuse: () => ({ status: 400, body: { statusCode: 400, message: ['url must be an https:// URL that resolves to a public address'], error: 'Bad Request' } }),
    });
    await renderCard();
    await screen.findByText(NO_WEBHOOKS);
    const dialog = await openForm(screen.getByRole('button', { name: 'Add endpoint' }), 'Add webhook endpoint');
    fireEvent.change(dialog.getByLabelText(/^URL/), { target: { value: 'http://10.0.0.7/hooks' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /^order\.placed/ }));
    // switched off: it is made disabled
    fireEvent.click(dialog.getByRole('switch', { name: /^Enabled/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));

    expect(await screen.findByText('Failed to add the webhook endpoint: url must be an https:// URL that resolves to a public address')).toBeTruthy();
    expect(changes(calls)).toEqual([{ method: 'POST', path: LIST, body: { url: 'http://10.0.0.7/hooks', events: ['order.placed'], enabled: false } }]);
    expect((dialog.getByLabelText(/^URL/) as HTMLInputElement).value).toBe('http://10.0.0.7/hooks');
    expect(screen.queryByRole('dialog', { name: WEBHOOK_SECRET_TITLES.created })).toBeNull();
  });

  it('edits an endpoint: sends only the fields changed, nothing when nothing changed, and asks before dropping changes', async () => {
    const { calls } = serve();
    await renderCard();
    await loaded();

    // opened with the endpoint's values; saved unchanged, it sends nothing
    let dialog = await openForm(item(PRACTICE).getByRole('button', { name: 'Edit' }), 'Edit webhook endpoint');
    expect((dialog.getByLabelText(/^URL/) as HTMLInputElement).value).toBe(PRACTICE);
    expect((dialog.getByLabelText(/^Description/) as HTMLInputElement).value).toBe('Smile Dental practice system');
    expect((dialog.getByRole('checkbox', { name: /^order\.status_changed/ }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('checkbox', { name: /^product\.created/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([]);

    // typed changes: Escape asks first
    dialog = await openForm(item(PRACTICE).getByRole('button', { name: 'Edit' }), 'Edit webhook endpoint');
    fireEvent.change(dialog.getByLabelText(/^Description/), { target: { value: 'Smile Dental (new system)' } });
    fireEvent.keyDown(dialog.getByLabelText(/^Description/), { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());

    // the description and one event changed: those two alone are sent
    fireEvent.click(dialog.getByRole('checkbox', { name: /^order\.placed/ }));
    fireEvent.click(dialog.getByRole('checkbox', { name: /^service_request\.created/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Webhook endpoint saved')).toBeTruthy();
    expect(changes(calls)).toEqual([{ method: 'PATCH', path: `${LIST}/wh-2`, body: { description: 'Smile Dental (new system)', events: ['order.status_changed', 'service_request.created'] } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the list was asked again
    expect(await waitFor(() => item(PRACTICE).getByText('Smile Dental (new system)'))).toBeTruthy();
    expect(item(PRACTICE).getByText('service_request.created')).toBeTruthy();
  });

  it('disables and enables an endpoint with a PATCH of `enabled` alone', async () => {
    const { calls } = serve();
    await renderCard();
    await loaded();

    fireEvent.click(item(PRACTICE).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Webhook endpoint disabled')).toBeTruthy();
    await waitFor(() => expect(item(PRACTICE).getByText('Disabled: no events are sent to it.')).toBeTruthy());
    expect(item(PRACTICE).getByRole('button', { name: 'Enable' })).toBeTruthy();

    fireEvent.click(item(OLD).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Webhook endpoint enabled')).toBeTruthy();
    await waitFor(() => expect(item(OLD).getByText('Enabled')).toBeTruthy());
    expect(item(OLD).queryByText(/^Disabled:/)).toBeNull();
    expect(changes(calls)).toEqual([
      { method: 'PATCH', path: `${LIST}/wh-2`, body: { enabled: false } },
      { method: 'PATCH', path: `${LIST}/wh-1`, body: { enabled: true } },
    ]);
  });

  it('rotates the signing secret: the previous one signs for the chosen time, and the new one is shown once', async () => {
    const { calls } = serve();
    const { store } = await renderCard();
    await loaded();

    fireEvent.click(item(PRACTICE).getByRole('button', { name: 'Rotate secret' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rotate signing secret' }));
    expect(dialog.getByText(/^https:\/\/practice\.example\/webhooks gets a new signing secret, shown once/)).toBeTruthy();
    expect(dialog.getAllByRole('radio').map((r) => (r.closest('label') as HTMLElement).textContent)).toEqual(['At once', 'After 1 hour', 'After 24 hours', 'After 7 days']);
    // a planned change by default: a day for the receiver to switch
    expect((dialog.getByRole('radio', { name: 'After 24 hours' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('radio', { name: 'After 7 days' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Rotate secret' }));

    const shown = within(await screen.findByRole('dialog', { name: WEBHOOK_SECRET_TITLES.rotated }));
    expect(changes(calls)).toEqual([{ method: 'POST', path: `${LIST}/wh-2/rotate-secret`, body: { grace_hours: 168 } }]);
    expect((shown.getByLabelText('Signing secret') as HTMLTextAreaElement).value).toBe(NEW_SECRET);
    const until = `The previous secret also signs deliveries until ${formatDateTime('2026-12-02T18:10:00.000Z')}`;
    expect(shown.getByText(until)).toBeTruthy();
    expect(await screen.findByText('Signing secret rotated')).toBeTruthy();
    expect(JSON.stringify(store.getState())).not.toContain(NEW_SECRET);

    fireEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(NEW_SECRET);
    expect(await waitFor(() => item(PRACTICE).getByText(until))).toBeTruthy();
  });

  it("deletes an endpoint after asking, naming its URL; Cancel deletes nothing, and the focus goes to 'Add endpoint'", async () => {
    const { calls } = serve();
    await renderCard();
    await loaded();

    fireEvent.click(item(SUPPLIER).getByRole('button', { name: 'Delete' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete webhook endpoint' }));
    expect(dialog.getByText(`Delete the endpoint ${SUPPLIER}? No more events are sent to it. This cannot be undone.`)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([]);

    fireEvent.click(item(SUPPLIER).getByRole('button', { name: 'Delete' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete webhook endpoint' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Webhook endpoint deleted')).toBeTruthy();
    expect(changes(calls)).toEqual([{ method: 'DELETE', path: `${LIST}/wh-3`, body: undefined }]);
    await waitFor(() => expect(urls()).toEqual([PRACTICE, OLD]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add endpoint' })));
  });

  it("sends a test event from the list to the endpoint's test URL", async () => {
    const { calls } = serve();
    await renderCard();
    await loaded();
    fireEvent.click(item(SUPPLIER).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event sent')).toBeTruthy();
    expect(changes(calls)).toEqual([{ method: 'POST', path: `${LIST}/wh-3/test`, body: undefined }]);
  });

  describe('the delivery log', () => {
    /** Opens the practice endpoint's log, wide: its dialog and table. */
    async function openLog() {
      await renderCard();
      await loaded();
      fireEvent.click(item(PRACTICE).getByRole('button', { name: 'Deliveries' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Delivery log' }));
      return { dialog, table: await dialog.findByRole('table', { name: 'Delivery attempts' }) };
    }

    it("shows the attempts newest first, a response on demand; 'Load more' asks for the next cursor's page", async () => {
      const { calls } = serve();
      const { dialog, table } = await openLog();
      expect(logCalls(calls)).toEqual([`${LIST}/wh-2/deliveries?limit=20`]);
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Event', 'Attempt', 'Answer', 'Duration', 'Delivery', 'Actions']);
      expect(rows(table)).toEqual([
        [formatDateTime('2026-11-25T18:05:00.000Z'), 'order.status_changed', '3', 'HTTP 500', '1,234 ms', 'Pending', 'ResendResponse'],
        [formatDateTime('2026-11-25T17:50:00.000Z'), 'order.status_changed', '2', 'No answerTimed out after 15 s', '15,000 ms', 'Pending', 'Resend'],
      ]);
      expect(dialog.getByRole('status').textContent).toBe('2 attempts shown, newest first.');

      // the receiver's answer, shown on demand
      const response = dialog.getByRole('button', { name: 'Response' });
      expect(response.getAttribute('aria-expanded')).toBe('false');
      expect(dialog.queryByText('{"error":"database is locked"}')).toBeNull();
      fireEvent.click(response);
      expect(response.getAttribute('aria-expanded')).toBe('true');
      expect(document.getElementById(response.getAttribute('aria-controls')!)!.textContent).toBe('{"error":"database is locked"}');

      // the next page, by the cursor the first one gave; with the last page, the focus goes to the first attempt it brought
      fireEvent.click(dialog.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(rows(table)).toHaveLength(3));
      expect(logCalls(calls)).toEqual([`${LIST}/wh-2/deliveries?limit=20`, `${LIST}/wh-2/deliveries?cursor=cur-att-4&limit=20`]);
      expect(rows(table)[2]).toEqual([formatDateTime('2026-11-24T06:00:00.000Z'), 'order.placed', '1', 'HTTP 200', '87 ms', 'Succeeded', 'ResendResponse']);
      expect(dialog.queryByRole('button', { name: 'Load more' })).toBeNull();
      expect(dialog.getByRole('status').textContent).toBe('3 attempts shown, newest first.');
      await waitFor(() => expect(document.activeElement?.getAttribute('data-attempt-index')).toBe('2'));
    });

    it('resends a delivery and sends a test event to their URLs; each, and Refresh, asks for the log again from its first page', async () => {
      const { calls } = serve();
      const { dialog } = await openLog();
      // Resend, described by its attempt's time
      fireEvent.click(dialog.getAllByRole('button', { name: 'Resend' })[0]!);
      expect(await screen.findByText('Delivery queued again')).toBeTruthy();
      expect(dialog.getAllByRole('button', { name: 'Resend' })[0]!.getAttribute('aria-describedby')).toBeTruthy();
      fireEvent.click(dialog.getByRole('button', { name: 'Send test event' }));
      expect(await screen.findByText('Test event sent')).toBeTruthy();
      expect(changes(calls)).toEqual([
        { method: 'POST', path: `${LIST}/wh-2/deliveries/dlv-3/resend`, body: undefined },
        { method: 'POST', path: `${LIST}/wh-2/test`, body: undefined },
      ]);

      // each invalidated the log, which was asked again from its first page; Refresh asks again too
      await waitFor(() => expect(logCalls(calls).filter((path) => path === `${LIST}/wh-2/deliveries?limit=20`).length).toBeGreaterThanOrEqual(2));
      const before = logCalls(calls).length;
      fireEvent.click(dialog.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(logCalls(calls).length).toBeGreaterThan(before));
      expect(logCalls(calls).slice(before)[0]).toBe(`${LIST}/wh-2/deliveries?limit=20`);
      expect(logCalls(calls).every((path) => /[?&]limit=20(&|$)/.test(path))).toBe(true);

      fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('is a list on a phone: each attempt named by its time, nothing in a table', async () => {
      screenWidth(true);
      serve();
      await renderCard();
      await loaded();
      fireEvent.click(item(PRACTICE).getByRole('button', { name: 'Deliveries' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Delivery log' }));
      const list = await dialog.findByRole('list', { name: 'Delivery attempts' });
      expect(dialog.queryByRole('table')).toBeNull();
      const first = within(within(list).getByRole('listitem', { name: formatDateTime('2026-11-25T18:05:00.000Z') }));
      for (const text of ['Pending', 'order.status_changed', 'HTTP 500']) expect(first.getByText(text)).toBeTruthy();
      expect(first.getByText(/attempt 3 · 1,234 ms/)).toBeTruthy();
      fireEvent.click(first.getByRole('button', { name: 'Response' }));
      expect(first.getByText('{"error":"database is locked"}')).toBeTruthy();
      const second = within(within(list).getByRole('listitem', { name: formatDateTime('2026-11-25T17:50:00.000Z') }));
      expect(second.getByText('Timed out after 15 s')).toBeTruthy();
      expect(second.queryByRole('button', { name: 'Response' })).toBeNull();
      expect(dialog.getByRole('button', { name: 'Load more' })).toBeTruthy();
    });

    it("says when the log is empty, and when it cannot be loaded, with 'Try again'", async () => {
      const answers: Answer[] = [{ status: 503, body: { statusCode: 503, message: 'The delivery log is not available' } }, { status: 200, body: { attempts: [], next_cursor: null } }];
      serve(undefined, { deliveries: () => answers.shift() ?? null });
      await renderCard();
      await loaded();
      fireEvent.click(item(PRACTICE).getByRole('button', { name: 'Deliveries' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Delivery log' }));
      const alert = await dialog.findByRole('alert');
      expect(within(alert).getByText(DELIVERIES_LOAD_FAILED)).toBeTruthy();
      expect(within(alert).getByText('The delivery log is not available')).toBeTruthy();
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await dialog.findByText(NO_DELIVERIES)).toBeTruthy();
      expect(dialog.queryByRole('alert')).toBeNull();
      expect(dialog.queryByRole('button', { name: 'Load more' })).toBeNull();
    });
  });
});
