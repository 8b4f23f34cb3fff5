import * as Yup from 'yup';
import type { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest, WebhookEndpoint, WebhookEventType } from '@dentalmarket/contracts';
// the events and limits are an entry of their own, outside the contracts every page downloads
import { WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS } from '@dentalmarket/contracts/webhooks';

export interface WebhookValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

export const initialWebhookValues: WebhookValues = { url: '', description: '', events: [], enabled: true };

/** An endpoint's values, to edit it. */
export const webhookValues = (endpoint: WebhookEndpoint): WebhookValues => ({ url: endpoint.url, description: endpoint.description, events: [...endpoint.events], enabled: endpoint.enabled });

export const URL_FORMAT_MESSAGE = 'Enter an http:// or https:// URL, e.g. https://example.com/webhooks';

/** An absolute http(s) address with a host. Whether it is https and public is the API's to say: it resolves the name. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const webhookSchema = Yup.object({
  url: Yup.string()
    .trim()
    .required('URL is required')
    .max(WEBHOOK_LIMITS.urlMax, `URL must be at most ${WEBHOOK_LIMITS.urlMax} characters`)
    .test('http-url', URL_FORMAT_MESSAGE, (url) => !url || isHttpUrl(url)),
  description: Yup.string().trim().max(WEBHOOK_LIMITS.descriptionMax, `Description must be at most ${WEBHOOK_LIMITS.descriptionMax} characters`),
  events: Yup.array(Yup.string().oneOf(WEBHOOK_EVENT_TYPES).required()).min(1, 'Choose at least one event'),
  enabled: Yup.boolean(),
});

/** The events in the order the contract lists them, whatever order they were ticked in. */
const inOrder = (events: readonly WebhookEventType[]) => WEBHOOK_EVENT_TYPES.filter((event) => events.includes(event));

/** The POST body; an empty description is left out. */
export function toCreateWebhookRequest(values: WebhookValues): CreateWebhookEndpointRequest {
  const description = values.description.trim();
  return { url: values.url.trim(), ...(description ? { description } : {}), events: inOrder(values.events), enabled: values.enabled };
}

/** The PATCH body: only the fields that differ from the endpoint as it was opened (empty: nothing to send). */
export function toUpdateWebhookRequest(values: WebhookValues, endpoint: WebhookEndpoint): UpdateWebhookEndpointRequest {
  const change: UpdateWebhookEndpointRequest = {};
  const url = values.url.trim();
  const description = values.description.trim();
  const events = inOrder(values.events);
  if (url !== endpoint.url) change.url = url;
  if (description !== endpoint.description) change.description = description;
  if (events.join() !== inOrder(endpoint.events).join()) change.events = events;
  if (values.enabled !== endpoint.enabled) change.enabled = values.enabled;
  return change;
}
