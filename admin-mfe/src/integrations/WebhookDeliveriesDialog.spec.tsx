/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { screenWidth } from '@dentalmarket/ui/testing';
import { type Answer } from '../categories/testSupport.js';
import { formatDateTime } from './integrationFormat.js';
import { DELIVERIES_LOAD_FAILED, NO_DELIVERIES } from './WebhookDeliveriesDialog.js';
import { useWebhooksClock, LIST, PRACTICE, serve, changes, logCalls, item, renderCard, loaded, rows } from './webhooksCardTesting.js';

useWebhooksClock();

describe('Webhooks (issue 35)', () => {
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
