import type { IntegrationCall, IntegrationsState, LiveFrontends, LiveSharedModule, RemotesManifest } from '@dentalmarket/contracts';

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

const sharedModule = (name: string, asked: string, got: string | null, source: LiveSharedModule['source'], singleton = true, own = got ?? '20.0.0'): LiveSharedModule => ({
  name,
  asked,
  own,
  singleton,
  got,
  source,
});

/**
 * What is live (issue 33): the storefront loaded, with the shell's React and its own copy of a
 * non-singleton; the checkout built against a React the shell does not have, so not loaded; the
 * admin's manifest not readable.
 */
export const liveFrontends = (): LiveFrontends => ({
  checkedAt: '2026-11-25T18:06:00.000Z',
  shell: {
    build: { commit: '3f9c2a1e7b40', builtAt: '2026-11-24T09:15:00.000Z', name: '@dentalmarket/shell' },
    shared: [
      { name: 'react', version: '19.3.1', singleton: true },
      { name: '@mui/material', version: '9.5.0', singleton: true },
    ],
  },
  remotes: [
    {
      name: 'storefront',
      url: '/remotes/storefront/mf-manifest.json',
      status: 'ok',
      build: { commit: '3f9c2a1e7b40', builtAt: '2026-11-24T09:20:00.000Z', name: '@dentalmarket/storefront-mfe' },
      shared: [sharedModule('react', '^19.0.0', '19.3.1', 'shell', true, '19.3.1'), sharedModule('@mui/material', '^9.2.0', '9.5.0', 'shell'), sharedModule('yup', '^1.7.0', '1.7.1', 'own', false)],
      unmet: [],
    },
    {
      name: 'checkout',
      url: 'https://cdn.dentalmarket.example/checkout/mf-manifest.json',
      status: 'unmet',
      build: { commit: 'a81d0c55e2f9', builtAt: '2026-11-25T16:40:00.000Z', name: '@dentalmarket/checkout-mfe' },
      shared: [sharedModule('react', '^20.0.0', null, 'unmet', true, '20.0.1'), sharedModule('@mui/material', '^9.2.0', '9.5.0', 'shell')],
      unmet: ['react ^20.0.0 (the shell has 19.3.1)'],
    },
    {
      name: 'admin',
      url: '/remotes/admin/mf-manifest.json',
      status: 'unreachable',
      build: null,
      shared: [],
      unmet: [],
      error: 'GET /remotes/admin/mf-manifest.json answered 502 Bad Gateway',
    },
  ],
});

/** GET /api/mf-manifest?include=live: the entry URLs the shell loads, with what is live (null: an API older than issue 33, without it). */
export const manifestWithLive = (live: LiveFrontends | null = liveFrontends()): RemotesManifest => ({
  storefront: '/remotes/storefront/mf-manifest.json',
  checkout: 'https://cdn.dentalmarket.example/checkout/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
  ...(live ? { live } : {}),
});
