import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A dental practice (issue 36): the shopper's side of every account but an admin's. Its people are
 * the users whose `practice_id` names it, each with a `practice_role`; its orders and service
 * requests are those whose `practice_id` names it (migration 1765600000000-Practices).
 */
@Entity({ name: 'practices' })
export class Practice {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_practices' })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  tax_id: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
