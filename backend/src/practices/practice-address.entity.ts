import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Practice } from './practice.entity.js';

/**
 * A ship-to address of a practice's address book (issue 36, migration 1765810000000): shared by every
 * member, at most one default per practice. The service reads and writes it with SQL; the entity
 * describes the table for the schema check.
 */
// one label per practice whatever its case: an expression index, which TypeORM cannot describe
@Index('UQ_practice_addresses_label', { synchronize: false })
@Index('UQ_practice_addresses_default', ['practice_id'], { unique: true, where: '"is_default"' })
@Index('IDX_practice_addresses_practice', ['practice_id', 'id'])
@Entity({ name: 'practice_addresses' })
export class PracticeAddress {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_practice_addresses' })
  id: number;

  @Column({ type: 'integer' })
  practice_id: number;

  @ManyToOne(() => Practice, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'practice_id', foreignKeyConstraintName: 'FK_practice_addresses_practice' })
  practice?: Relation<Practice>;

  @Column({ type: 'text' })
  label: string;

  @Column({ type: 'text' })
  full_name: string;

  @Column({ type: 'text' })
  address: string;

  @Column({ type: 'text' })
  city: string;

  @Column({ type: 'text' })
  state: string;

  @Column({ type: 'text' })
  zip_code: string;

  @Column({ type: 'boolean', default: false })
  is_default: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
