import { useMemo } from 'react';
import type { ApiKeyWithSecret, CreateApiKeyRequest, CreateWebhookEndpointRequest, WebhookEndpointWithSecret } from '@dentalmarket/contracts';
import { useAppDispatch } from '@dentalmarket/store';
import { integrationsApi } from './integrationsApi.js';
import { webhooksApi } from './webhooksApi.js';

/**
 * The calls whose answer carries a secret: creating and rolling an API key, creating a webhook
 * endpoint and rotating its signing secret. They are sent untracked (`track: false`): a mutation hook
 * would keep the answer in the store's mutation results and in its own state until the next call,
 * while here it lives only in the dialog that shows it, and goes when that dialog closes. The lists
 * are still invalidated, as with any mutation.
 */
export function useSecretIssuingCalls() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      createApiKey: (body: CreateApiKeyRequest): Promise<ApiKeyWithSecret> => dispatch(integrationsApi.endpoints.createApiKey.initiate(body, { track: false })).unwrap(),
      rollApiKey: (id: string, graceHours: number): Promise<ApiKeyWithSecret> =>
        dispatch(integrationsApi.endpoints.rollApiKey.initiate({ id, grace_hours: graceHours }, { track: false })).unwrap(),
      createWebhook: (body: CreateWebhookEndpointRequest): Promise<WebhookEndpointWithSecret> => dispatch(webhooksApi.endpoints.createWebhook.initiate(body, { track: false })).unwrap(),
      rotateWebhookSecret: (id: string, graceHours: number): Promise<WebhookEndpointWithSecret> =>
        dispatch(webhooksApi.endpoints.rotateWebhookSecret.initiate({ id, grace_hours: graceHours }, { track: false })).unwrap(),
    }),
    [dispatch],
  );
}
