/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@dentalmarket/contracts/webhooks';
import { type Answer } from '../categories/testSupport.js';
import { formatDateTime } from './integrationFormat.js';
import { SECRET_WARNING } from './SecretOnceDialog.js';
import { URL_FORMAT_MESSAGE } from './webhookSchema.js';
import { WEBHOOK_SECRET_TITLES } from './WebhookSecretDialog.js';
import { NO_WEBHOOKS, WEBHOOKS_LOAD_FAILED } from './WebhooksCard.js';
import { useWebhooksClock, LIST, NEW_SECRET, SUPPLIER, PRACTICE, OLD, serve, changes, listCalls, item, urls, renderCard, loaded, openForm } from './webhooksCardTesting.js';

useWebhooksClock();

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

});
