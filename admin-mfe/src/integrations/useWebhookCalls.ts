import { useCallback, useMemo, useRef, useState } from 'react';
import type { WebhookDeliveryAttempt, WebhookEndpoint } from '@dentalmarket/contracts';
import { WEBHOOK_TEST_EVENT } from '@dentalmarket/contracts/webhooks';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { useAdminToast } from '../categories/useAdminToast.js';
import { useResendWebhookDeliveryMutation, useSendWebhookTestMutation, useUpdateWebhookMutation } from './webhooksApi.js';

/**
 * The ids whose call is under way, and `run`, which starts a call for an id unless one already
 * runs: the buttons stay enabled while they run (a disabled button would drop the keyboard focus),
 * so a second press must start nothing.
 */
export function useBusyIds() {
  const running = useRef(new Set<string>());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const run = useCallback(async (id: string, call: () => Promise<void>) => {
    if (running.current.has(id)) return;
    running.current.add(id);
    setBusy(new Set(running.current));
    try {
      await call();
    } finally {
      running.current.delete(id);
      setBusy(new Set(running.current));
    }
  }, []);
  return [busy, run] as const;
}

/** 'Send test event': a `webhook.test` event queued for one endpoint (202), whatever it subscribes to; a toast says so, or why not. */
export function useWebhookTest() {
  const [send] = useSendWebhookTestMutation();
  const toast = useAdminToast();
  const [testing, run] = useBusyIds();
  const sendTest = useCallback(
    (endpoint: WebhookEndpoint) =>
      void run(endpoint.id, async () => {
        try {
          await send(endpoint.id).unwrap();
          toast.success('Test event sent', `A ${WEBHOOK_TEST_EVENT} event is on its way to ${endpoint.url}: its delivery log shows how it went.`);
        } catch (error) {
          toast.failure(`Failed to send the test event: ${adminErrorMessage(error, 'Unexpected error')}`);
        }
      }),
    [run, send, toast],
  );
  return useMemo(() => ({ testing, sendTest }), [testing, sendTest]);
}

/** 'Enable' / 'Disable': a PATCH of `enabled` alone. */
export function useWebhookToggle() {
  const [update] = useUpdateWebhookMutation();
  const toast = useAdminToast();
  const [toggling, run] = useBusyIds();
  const toggle = useCallback(
    (endpoint: WebhookEndpoint) =>
      void run(endpoint.id, async () => {
        const enabled = !endpoint.enabled;
        try {
          await update({ id: endpoint.id, enabled }).unwrap();
          toast.success(enabled ? 'Webhook endpoint enabled' : 'Webhook endpoint disabled', enabled ? `Events go to ${endpoint.url} again.` : `No events go to ${endpoint.url} until it is enabled.`);
        } catch (error) {
          toast.failure(`Failed to ${enabled ? 'enable' : 'disable'} the webhook endpoint: ${adminErrorMessage(error, 'Unexpected error')}`);
        }
      }),
    [run, update, toast],
  );
  return useMemo(() => ({ toggling, toggle }), [toggling, toggle]);
}

/** 'Resend': the delivery queued again (202), as a new attempt with the same event id; busy by delivery, which its attempts share. */
export function useDeliveryResend(endpoint: WebhookEndpoint) {
  const [resend] = useResendWebhookDeliveryMutation();
  const toast = useAdminToast();
  const [resending, run] = useBusyIds();
  const resendDelivery = useCallback(
    (attempt: WebhookDeliveryAttempt) =>
      void run(attempt.delivery_id, async () => {
        try {
          await resend({ id: endpoint.id, deliveryId: attempt.delivery_id }).unwrap();
          toast.success('Delivery queued again', `The ${attempt.event_type} event goes to ${endpoint.url} again: a new attempt shows in the log.`);
        } catch (error) {
          toast.failure(`Failed to resend the delivery: ${adminErrorMessage(error, 'Unexpected error')}`);
        }
      }),
    [endpoint, run, resend, toast],
  );
  return useMemo(() => ({ resending, resendDelivery }), [resending, resendDelivery]);
}
