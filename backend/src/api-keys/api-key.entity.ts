import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { ApiKeyScope } from '@dentalmarket/contracts/api-keys';
import { User } from '../auth/user.entity.js';

/**
 * What a program signs its requests with instead of a person's session (issue 35). The secret itself
 * is never stored: only its SHA-256 (api-key-secret.ts) and the first characters, for display.
 */
@Entity({ name: 'api_keys' })
// the list's order; and the look-up of a rolled key's old secret, only where there is one (migration 1765400000000)
@Index('IDX_api_keys_created', { synchronize: false })
@Index('IDX_api_keys_previous_secret_hash', { synchronize: false })
export class ApiKey {
  /** made by the API (randomUUID) */
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_api_keys' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** `dm_sk_` and the secret's first 8 random characters: tells keys apart in the list and in logs */
  @Column({ type: 'text' })
  prefix: string;

  @Index('UQ_api_keys_secret_hash', { unique: true })
  @Column({ type: 'text' })
  secret_hash: string;

  /** after a roll with a grace: the old secret's hash, accepted until previous_secret_expires_at */
  @Column({ type: 'text', nullable: true })
  previous_secret_hash: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  previous_secret_expires_at: Date | null;

  @Column({ type: 'text', array: true })
  scopes: ApiKeyScope[];

  /** the admin who made it; the key outlives the account (a shop's integration should not stop with a person) */
  @Column({ type: 'integer', nullable: true })
  created_by: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'FK_api_keys_created_by' })
  creator?: Relation<User> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  expires_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;

  /** written at most once a minute per key (api-key-authenticator.ts), not on every request */
  @Column({ type: 'timestamptz', nullable: true })
  last_used_at: Date | null;

  @Column({ type: 'text', nullable: true })
  last_used_ip: string | null;
}
