import { isHttpUrl, toCreateWebhookRequest, toUpdateWebhookRequest, webhookSchema, webhookValues } from './webhookSchema.js';
import { practiceEndpoint } from './webhookFixtures.js';

describe('the webhook endpoint form', () => {
  it('takes an absolute http(s) address with a host, and leaves https and public addresses to the API', () => {
    for (const url of ['https://erp.supplier.example/hooks', 'http://10.0.0.7:8080/x?y=1', 'https://[2001:db8::7]/hooks']) expect(isHttpUrl(url)).toBe(true);
    for (const url of ['', 'erp.supplier.example/hooks', 'ftp://files.example/hooks', 'https://', 'javascript:alert(1)', 'mailto:a@b.example']) expect(isHttpUrl(url)).toBe(false);
  });

  it('asks for a URL and an event, and checks the lengths', async () => {
    const errors = await webhookSchema.validate({ url: ' ', description: 'x'.repeat(201), events: [], enabled: true }, { abortEarly: false }).catch((e: { errors: string[] }) => e.errors);
    expect(errors).toEqual(['URL is required', 'Description must be at most 200 characters', 'Choose at least one event']);
    expect(await webhookSchema.isValid({ url: 'https://a.example/h', description: '', events: ['order.placed'], enabled: false })).toBe(true);
  });

  it('sends the events in the order the contract lists them, and no empty description', () => {
    expect(toCreateWebhookRequest({ url: ' https://a.example/h ', description: '  ', events: ['import.finished', 'order.placed'], enabled: true })).toEqual({
      url: 'https://a.example/h',
      events: ['order.placed', 'import.finished'],
      enabled: true,
    });
  });

  it('sends only what an edit changed: nothing for the same events ticked in another order, an emptied description as empty', () => {
    const endpoint = practiceEndpoint();
    expect(toUpdateWebhookRequest(webhookValues(endpoint), endpoint)).toEqual({});
    expect(toUpdateWebhookRequest({ ...webhookValues(endpoint), events: ['order.status_changed', 'order.placed'], url: ` ${endpoint.url} ` }, endpoint)).toEqual({});
    expect(toUpdateWebhookRequest({ ...webhookValues(endpoint), description: '', enabled: false }, endpoint)).toEqual({ description: '', enabled: false });
    expect(toUpdateWebhookRequest({ ...webhookValues(endpoint), url: 'https://practice.example/v2/webhooks' }, endpoint)).toEqual({ url: 'https://practice.example/v2/webhooks' });
  });
});
