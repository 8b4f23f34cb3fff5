import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { type PracticeRole, USER_ROLES, type UserRole } from '@dentalmarket/contracts';
import { PRACTICE_ROLES } from '@dentalmarket/contracts/practices';
import { Practice } from '../practices/practice.entity.js';

/** An account: a customer (the default) or an admin. `password` is an argon2id hash. */
// case-insensitive uniqueness: expression indexes made by a migration, which TypeORM cannot describe
@Index('UQ_users_username_lower', { synchronize: false })
@Index('UQ_users_email_lower', { synchronize: false })
// the Customers grid's order and prefix searches (migration 1764900000000-Customers)
@Index('IDX_users_created', { synchronize: false })
@Index('IDX_users_username_prefix', { synchronize: false })
@Index('IDX_users_email_prefix', { synchronize: false })
@Index('IDX_users_email_suffix', { synchronize: false })
// and by the words of the full name (migration 1765200000000-CustomerNameSearch)
@Index('IDX_users_full_name_words', { synchronize: false })
// a customer is always in a practice with a role; an admin counts in none (migration 1765600000000-Practices)
@Index('IDX_users_practice', { synchronize: false })
@Check('CHK_users_practice', `"role" <> 'customer' OR ("practice_id" IS NOT NULL AND "practice_role" IS NOT NULL)`)
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  username: string;

  /** argon2id hash; never leaves the auth module */
  @Column({ type: 'text' })
  password: string;

  @Column({ type: 'text', unique: true })
  email: string;

  @Column({ type: 'text', nullable: true })
  full_name: string | null;

  @Column({ type: 'enum', enum: USER_ROLES, enumName: 'user_role', default: 'customer' })
  role: UserRole;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  /** set by an admin: the account cannot sign in and its sessions are refused; null while enabled */
  @Column({ type: 'timestamptz', nullable: true })
  disabled_at: Date | null;

  /** true while the account is disabled because an admin disabled its practice (enabling the practice enables it again) */
  @Column({ type: 'boolean', default: false })
  disabled_with_practice: boolean;

  /** the practice a customer buys for (issue 36); null for an admin */
  @Column({ type: 'integer', nullable: true })
  practice_id: number | null;

  @ManyToOne(() => Practice, { nullable: true })
  @JoinColumn({ name: 'practice_id', foreignKeyConstraintName: 'FK_users_practice' })
  practice?: Relation<Practice> | null;

  /** what the customer may do in it; null for an admin */
  @Column({ type: 'enum', enum: PRACTICE_ROLES, enumName: 'practice_role', nullable: true })
  practice_role: PracticeRole | null;
}
