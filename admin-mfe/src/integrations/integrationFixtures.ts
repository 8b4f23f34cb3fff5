import type { IntegrationCall, IntegrationsState } from '@dentalmarket/contracts';

const call = (at: string, ms: number, message = 'OK'): IntegrationCall => ({ at, ok: message === 'OK', message, ms });

/** A shop with Gemini and an SMTP server set up, one email error in the past, and two queues. No secret in sight: the API never sends one. */
export const integrationsState = (): IntegrationsState => ({
  ai: {
    configured: true,
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    base_url: null,
    api_key_set: true,
    last_call: call('2026-11-25T18:04:00.000Z', 412),
  },
  email: {
    transport: 'smtp',
    target: 'mail.example.com:587',
    credentials_set: true,
    from: 'DentalMarket <orders@dentalmarket.example>',
    queue_depth: 3,
    last_error: call('2026-11-25T17:30:00.000Z', 30004, 'Connection refused by mail.example.com:587'),
    last_send: call('2026-11-25T18:02:00.000Z', 221),
  },
  jobs: [
    { name: 'order-email', waiting: 3, active: 1, retrying: 1, failed: 2 },
    { name: 'catalogue-import', waiting: 0, active: 0, retrying: 0, failed: 0 },
  ],
});

/** No AI provider, and emails written as files (development). */
export const unconfiguredState = (): IntegrationsState => ({
  ...integrationsState(),
  ai: { configured: false, provider: null, model: null, base_url: null, api_key_set: false, last_call: null },
  email: {
    transport: 'file',
    target: '/var/lib/dentalmarket/mail',
    credentials_set: false,
    from: 'DentalMarket <orders@localhost>',
    queue_depth: 1,
    last_error: null,
    last_send: null,
  },
  jobs: [],
});
