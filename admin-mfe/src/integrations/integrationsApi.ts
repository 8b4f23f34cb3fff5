import type { ApiKey, ApiKeyWithSecret, CreateApiKeyRequest, IntegrationsState, IntegrationTestResult, LiveFrontends, RemotesManifest, RollApiKeyRequest } from '@dentalmarket/contracts';
import { api, type DmExtraOptions } from '@dentalmarket/store';

/** Every admin call is sent with session-expiry handling (SPEC §6). */
const admin: DmExtraOptions = { sessionHandling: true };

/** The state and the API keys are tags of their own, added here so this feature's endpoints stay in one file. */
const integrationsTagged = api.enhanceEndpoints({ addTagTypes: ['Integration', 'ApiKey'] });
const state = { type: 'Integration' as const, id: 'STATE' };
const live = { type: 'Integration' as const, id: 'LIVE' };
const apiKeyList = { type: 'ApiKey' as const, id: 'LIST' };

/**
 * The admin's Integrations tab (issue 21, libs/contracts/src/integrations.ts): the state of the AI
 * provider, email and the job queues, and a test of each service. A test invalidates the state
 * whatever its outcome (RTK Query invalidates on a rejected-with-value mutation too), so the cards
 * show the call it made as their last call.
 */
export const integrationsApi = integrationsTagged.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/integrations: never cached once the tab is left (it is polled while shown). */
    getIntegrations: build.query<IntegrationsState, void>({
      query: () => '/admin/integrations',
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: [state],
    }),
    /** POST /api/admin/integrations/ai/test: 200 with `ok` either way; 503 with a message when no provider is configured. */
    testAiProvider: build.mutation<IntegrationTestResult, void>({
      query: () => ({ url: '/admin/integrations/ai/test', method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: [state],
    }),
    /** POST /api/admin/integrations/email/test: a test email to the signed-in admin's address; 200 with `ok` either way. */
    sendTestEmail: build.mutation<IntegrationTestResult, void>({
      query: () => ({ url: '/admin/integrations/email/test', method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: [state],
    }),
    /**
     * GET /api/mf-manifest?include=live (issue 33): the shell's build and each remote's, with the shared
     * modules each asked for and got. Asked when the tab opens and on 'Refresh', not polled: the API
     * reads every remote's manifest to answer. An API older than issue 33 answers without `live`: null.
     */
    getLiveFrontends: build.query<LiveFrontends | null, void>({
      query: () => '/mf-manifest?include=live',
      transformResponse: (manifest: RemotesManifest) => manifest.live ?? null,
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: [live],
    }),
    /** GET /api/admin/api-keys (issue 35): every key, newest first, revoked ones too; never a secret. */
    getApiKeys: build.query<ApiKey[], void>({
      query: () => '/admin/api-keys',
      extraOptions: admin,
      providesTags: (keys = []) => [apiKeyList, ...keys.map(({ id }) => ({ type: 'ApiKey' as const, id }))],
    }),
    /**
     * POST /api/admin/api-keys: 201 with the key and its secret, the only time the secret is sent.
     * The caller takes the secret and resets the mutation, so it does not stay in the store.
     */
    createApiKey: build.mutation<ApiKeyWithSecret, CreateApiKeyRequest>({
      query: (body) => ({ url: '/admin/api-keys', method: 'POST', body }),
      extraOptions: admin,
      invalidatesTags: [apiKeyList],
    }),
    /** POST /api/admin/api-keys/:id/revoke: the key stops working at once, its previous secret too. */
    revokeApiKey: build.mutation<ApiKey, string>({
      query: (id) => ({ url: `/admin/api-keys/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: (_key, _error, id) => [{ type: 'ApiKey', id }],
    }),
    /** POST /api/admin/api-keys/:id/roll: a new secret (sent this once); the old one works `grace_hours` more. */
    rollApiKey: build.mutation<ApiKeyWithSecret, { id: string } & RollApiKeyRequest>({
      query: ({ id, grace_hours }) => ({ url: `/admin/api-keys/${encodeURIComponent(id)}/roll`, method: 'POST', body: { grace_hours } }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ApiKey', id }],
    }),
  }),
});

export const {
  useGetIntegrationsQuery,
  useTestAiProviderMutation,
  useSendTestEmailMutation,
  useGetLiveFrontendsQuery,
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useRollApiKeyMutation,
} = integrationsApi;
