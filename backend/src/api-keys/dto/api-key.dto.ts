import { ApiProperty } from '@nestjs/swagger';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type ApiKeyWithSecret } from '@dentalmarket/contracts/api-keys';

/** A key as the admin's list shows it: never its secret. */
export class ApiKeyDto implements ApiKey {
  @ApiProperty({ format: 'uuid', example: '0b6f7c1e-3f2a-4c55-9a53-2f1d8c7e4b10' }) id: string;
  @ApiProperty({ example: 'ERP stock sync' }) name: string;
  @ApiProperty({ example: 'dm_sk_7Gq2LmXa', description: "the secret's first 14 characters, to tell keys apart and find one in a log" }) prefix: string;
  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, example: ['catalogue:read', 'catalogue:write'] }) scopes: ApiKeyScope[];
  @ApiProperty({ type: String, nullable: true, example: 'admin', description: "the admin who made it (username); null once that account is gone" }) created_by: string | null;
  @ApiProperty({ example: '2026-03-02T09:30:00.000Z' }) created_at: string;
  @ApiProperty({ type: String, nullable: true, description: 'when it stops working; null: never' }) expires_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'when it was revoked; null while it works' }) revoked_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'its last use, noted at most once a minute' }) last_used_at: string | null;
  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7', description: 'the address of its last use' }) last_used_ip: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'after a roll with a grace period: until when the previous secret still works; else null' })
  previous_secret_expires_at: string | null;
}

/** The answer to creating or rolling a key: the secret appears here once and never again. */
export class ApiKeyWithSecretDto implements ApiKeyWithSecret {
  @ApiProperty({ type: ApiKeyDto }) key: ApiKeyDto;
  @ApiProperty({ example: 'dm_sk_7Gq2LmXaQ1v9Rk3TzP8wYc4NbH6sJd0E_1aB2cD', description: 'send it as Authorization: Bearer <secret>; only its hash is kept, so store it now' })
  secret: string;
}

/** A row as ApiKeysService reads it (KEY_COLUMNS). */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  created_by: string | null;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
  previous_secret_expires_at: Date | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function mapApiKey(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
    last_used_at: iso(row.last_used_at),
    last_used_ip: row.last_used_ip,
    previous_secret_expires_at: iso(row.previous_secret_expires_at),
  };
}
