// API keys (issue 35): what a supplier's or a practice's software signs its requests with instead of a
// person's session. `Authorization: Bearer dm_sk_…` on the routes a key's scopes open. Imported as
// '@dentalmarket/contracts/api-keys' (the main entry re-exports the types only): the scopes' texts stay
// out of the shared contracts every shopper's page downloads.

/** What a key may do; a route names the scope it needs (403 names it when the key lacks it). */
export const API_KEY_SCOPES = ['catalogue:read', 'catalogue:write', 'orders:read', 'orders:write', 'customers:read', 'imports:write', 'webhooks:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope opens, for the admin choosing them. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'catalogue:read': 'Read products, categories and subcategories, including unpublished ones',
  'catalogue:write': 'Create, change and delete products, categories and subcategories',
  'orders:read': 'Read orders and service requests',
  'orders:write': 'Change the status of orders and service requests',
  'customers:read': 'Read customer accounts',
  'imports:write': 'Import and export the catalogue as CSV',
  'webhooks:write': 'Register and change webhook endpoints',
};

export const API_KEY_LIMITS = {
  nameMax: 80,
  /** the longest grace a rolled key's old secret may keep working */
  rollGraceHoursMax: 720,
  /** keys one shop may have that are not revoked */
  activeMax: 100,
} as const;

/** A key as the admin's list shows it: never its secret, only the prefix that identifies it. */
export interface ApiKey {
  id: string;
  name: string;
  /** the secret's first characters (dm_sk_ and 8 more), to tell keys apart and find one in a log */
  prefix: string;
  scopes: ApiKeyScope[];
  /** the admin who made it (username), or null once that account is gone */
  created_by: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  /** the address of its last use */
  last_used_ip: string | null;
  /** after a roll: until when the previous secret still works, else null */
  previous_secret_expires_at: string | null;
}

export interface CreateApiKeyRequest {
  name: string;
  scopes: ApiKeyScope[];
  /** ISO date-time in the future, or null for no expiry */
  expires_at?: string | null;
}

export interface RollApiKeyRequest {
  /** how long the old secret keeps working, in hours (0: it stops at once) */
  grace_hours: number;
}

/** The answer to creating or rolling a key: its secret, shown this once and never again. */
export interface ApiKeyWithSecret {
  key: ApiKey;
  secret: string;
}
