import type { ApiKey } from '@dentalmarket/contracts';
import { formatDateTime } from './integrationFormat.js';

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

export const API_KEY_STATUS_LABELS: Record<ApiKeyStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

/** Outlined chips keep the text readable in light and dark; an expired key still in use fails the software, so it is red. */
export const API_KEY_STATUS_COLORS = { active: 'success', expired: 'error', revoked: 'default' } as const satisfies Record<ApiKeyStatus, string>;

const isPast = (iso: string, now: number) => Date.parse(iso) <= now;

/** Revoked wins over expired: a revoked key never works again, an expired one is only out of date. */
export function apiKeyStatus(key: ApiKey, now: number): ApiKeyStatus {
  if (key.revoked_at) return 'revoked';
  if (key.expires_at && isPast(key.expires_at, now)) return 'expired';
  return 'active';
}

const RANK: Record<ApiKeyStatus, number> = { active: 0, expired: 1, revoked: 2 };

/** The keys that work first, then the expired, then the revoked; newest first within each (the API's order, kept by the stable sort). */
export const orderApiKeys = (keys: readonly ApiKey[], now: number) => [...keys].sort((a, b) => RANK[apiKeyStatus(a, now)] - RANK[apiKeyStatus(b, now)]);

/** The keys that count against API_KEY_LIMITS.activeMax: every one not revoked, expired ones included. */
export const unrevokedCount = (keys: readonly ApiKey[]) => keys.filter((key) => !key.revoked_at).length;

/** 'Nov 25, 2026, 6:04 PM by maria'; the account may since have been deleted. */
export const createdText = (key: ApiKey) => `${formatDateTime(key.created_at)} by ${key.created_by ?? 'a deleted account'}`;

/** When and from where the key was last used, or that it never was. */
export function lastUsedText(key: ApiKey): string {
  if (!key.last_used_at) return 'Never used';
  return key.last_used_ip ? `${formatDateTime(key.last_used_at)} from ${key.last_used_ip}` : formatDateTime(key.last_used_at);
}

export function expiryText(key: ApiKey, now: number): string {
  if (!key.expires_at) return 'No expiry';
  return isPast(key.expires_at, now) ? `Expired ${formatDateTime(key.expires_at)}` : formatDateTime(key.expires_at);
}

/** After a roll, while the old secret still works (a revoked key's old secret works no more). */
export function previousSecretText(key: ApiKey, now: number): string | null {
  if (key.revoked_at || !key.previous_secret_expires_at || isPast(key.previous_secret_expires_at, now)) return null;
  return `Previous secret works until ${formatDateTime(key.previous_secret_expires_at)}`;
}

/** How long a rolled key's old secret keeps working: the roll dialog's choices, in hours. */
export const ROLL_GRACE_CHOICES = [
  { hours: 0, label: 'At once' },
  { hours: 1, label: 'After 1 hour' },
  { hours: 24, label: 'After 24 hours' },
  { hours: 24 * 7, label: 'After 7 days' },
] as const;
