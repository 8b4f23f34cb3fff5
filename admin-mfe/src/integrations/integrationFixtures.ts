import type { ApiKey, ApiKeyWithSecret, IntegrationCall, IntegrationsState, LiveFrontends, LiveSharedModule, RemotesManifest } from '@dentalmarket/contracts';

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

/** The moment the API key specs hold the clock at: the keys below are active, rolled, expired or revoked as of it. */
export const API_KEYS_NOW = '2026-11-25T18:10:00.000Z';

const apiKey = (key: Pick<ApiKey, 'id' | 'name' | 'prefix' | 'scopes' | 'created_at'> & Partial<ApiKey>): ApiKey => ({
  created_by: 'maria',
  expires_at: null,
  revoked_at: null,
  last_used_at: null,
  last_used_ip: null,
  previous_secret_expires_at: null,
  ...key,
});

/** An active key used a moment ago, with an expiry. */
export const stockSyncKey = () =>
  apiKey({
    id: 'key-4',
    name: 'Stock sync (production)',
    prefix: 'dm_sk_4f9a2c1e',
    scopes: ['catalogue:read', 'catalogue:write'],
    created_at: '2026-11-20T09:30:00.000Z',
    expires_at: '2027-05-20T09:30:00.000Z',
    last_used_at: '2026-11-25T17:58:00.000Z',
    last_used_ip: '203.0.113.24',
  });

/** Rolled this morning: its previous secret works until tomorrow; the admin who made it is gone. */
export const practiceKey = () =>
  apiKey({
    id: 'key-3',
    name: 'Smile Dental practice system',
    prefix: 'dm_sk_b7d01e55',
    scopes: ['orders:read', 'customers:read'],
    created_by: null,
    created_at: '2026-10-02T14:00:00.000Z',
    last_used_at: '2026-11-25T18:05:00.000Z',
    last_used_ip: '2001:db8::7',
    previous_secret_expires_at: '2026-11-26T09:00:00.000Z',
  });

/** Revoked in September. */
export const importerKey = () =>
  apiKey({
    id: 'key-2',
    name: 'Old CSV importer',
    prefix: 'dm_sk_0c3e9a71',
    scopes: ['imports:write'],
    created_at: '2026-06-01T08:00:00.000Z',
    revoked_at: '2026-09-15T10:20:00.000Z',
    last_used_at: '2026-09-14T22:00:00.000Z',
    last_used_ip: '198.51.100.7',
  });

/** Expired in September, never used. */
export const trialKey = () =>
  apiKey({
    id: 'key-1',
    name: 'Webhook trial',
    prefix: 'dm_sk_9e21d4b0',
    scopes: ['webhooks:write'],
    created_by: 'joao',
    created_at: '2026-03-01T12:00:00.000Z',
    expires_at: '2026-09-01T12:00:00.000Z',
  });

/** GET /api/admin/api-keys: newest first, as the API sends them. */
export const apiKeys = (): ApiKey[] => [stockSyncKey(), practiceKey(), importerKey(), trialKey()];

/** A secret as the API sends it once: the prefix, then the rest. */
export const withSecret = (key: ApiKey, rest = 'Xq7vLr2mN8pK4tW9zB3cF6hJ1sD5gA0e'): ApiKeyWithSecret => ({ key, secret: `${key.prefix}${rest}` });
