/** What the webhook card's specs share: the API stubbed with its endpoints and delivery log, queries of the card, and a still clock. */
import { jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest, WebhookEndpoint } from '@dentalmarket/contracts';
import { screenWidth } from '@dentalmarket/ui/testing';
import { renderWithStore, stubFetch, type Answer, type Call } from '../categories/testSupport.js';
import { WebhooksCard } from './WebhooksCard.js';
import { practiceDeliveryPages, supplierEndpoint, webhookEndpoints, WEBHOOKS_NOW, withWebhookSecret } from './webhookFixtures.js';

export const LIST = '/api/admin/webhooks';
export const NEW_SECRET = 'whsec_bmV3IHNpZ25pbmcgc2VjcmV0IGZvciB0ZXN0cw==';
export const SUPPLIER = 'https://erp.supplier.example/hooks/dentalmarket';
export const PRACTICE = 'https://practice.example/webhooks';
export const OLD = 'https://old.example.net/wh';

/**
 * The API, holding its endpoints: a create puts the new one first, a PATCH, a rotation and a delete
 * change them, and the next GET shows it. The practice endpoint's delivery log answers by cursor.
 * `refuse` answers a call instead (not a GET), when a spec wants it refused; `deliveries` answers the log.
 */
export function serve(initial: WebhookEndpoint[] = webhookEndpoints(), { refuse, list, deliveries }: { refuse?: (call: Call) => Answer | null; list?: () => Answer | null; deliveries?: (call: Call) => Answer | null } = {}) {
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

export const changes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
export const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST).length;
export const logCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.includes('/deliveries')).map((c) => c.path);
export const item = (url: string) => within(screen.getByRole('listitem', { name: url }));
export const urls = () => within(screen.getByRole('list', { name: 'Webhook endpoints' })).getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
export const renderCard = () => renderWithStore(<WebhooksCard />, null);
export const loaded = async () => {
  await screen.findByRole('list', { name: 'Webhook endpoints' });
};
export async function openForm(button: HTMLElement, title: string) {
  fireEvent.click(button);
  return within(await screen.findByRole('dialog', { name: title }));
}
/** The table's attempts, a row each (a response shown is a row of its own, left out), by their cells' text. */
export const rows = (table: HTMLElement) => [...table.querySelectorAll('tbody tr[data-attempt-index]')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/**
 * The clock stands still at WEBHOOKS_NOW for each test of the calling file (the supplier's previous secret
 * still signs as of it); timers stay real, for the dialogs' transitions and the stubbed network.
 */
export function useWebhooksClock(): void {
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
}
