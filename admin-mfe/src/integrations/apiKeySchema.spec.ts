import { apiKeySchema, endOfDay, expiryOf, initialApiKeyValues, toCreateRequest, type ApiKeyValues } from './apiKeySchema.js';

const now = new Date(2026, 10, 25, 18, 10);
const values = (change: Partial<ApiKeyValues>): ApiKeyValues => ({ ...initialApiKeyValues, name: 'Stock sync', scopes: ['orders:read'], ...change });

describe('a new API key’s expiry', () => {
  it('is none, a span from now, or the end of the chosen day', () => {
    expect(expiryOf(values({ expiry: 'never' }), now)).toBeNull();
    expect(expiryOf(values({ expiry: '30d' }), now)!.getTime() - now.getTime()).toBe(30 * 86_400_000);
    expect(expiryOf(values({ expiry: '90d' }), now)!.getTime() - now.getTime()).toBe(90 * 86_400_000);
    expect(expiryOf(values({ expiry: '1y' }), now)).toEqual(new Date(2027, 10, 25, 18, 10));
    expect(expiryOf(values({ expiry: 'date', expiryDate: '2027-03-31' }), now)).toEqual(new Date(2027, 2, 31, 23, 59, 59));
    expect(endOfDay('2027-03-31').getDate()).toBe(31);
  });

  it('is sent as an ISO time, or null; the scopes in the API’s order and the name trimmed', () => {
    expect(toCreateRequest(values({ name: ' Sync ', scopes: ['webhooks:write', 'catalogue:read'] }), now)).toEqual({ name: 'Sync', scopes: ['catalogue:read', 'webhooks:write'], expires_at: null });
    expect(toCreateRequest(values({ expiry: '30d' }), now).expires_at).toBe(new Date(now.getTime() + 30 * 86_400_000).toISOString());
  });

  it('needs a day only when "On a date" is chosen', async () => {
    await expect(apiKeySchema.validate(values({ expiry: 'never', expiryDate: '' }))).resolves.toBeTruthy();
    await expect(apiKeySchema.validate(values({ expiry: 'date', expiryDate: '' }))).rejects.toThrow('Choose the day it expires');
    await expect(apiKeySchema.validate(values({ expiry: 'date', expiryDate: '2020-01-01' }))).rejects.toThrow('The day must be today or later');
  });
});
