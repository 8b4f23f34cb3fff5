import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PracticeRole } from '@dentalmarket/contracts';
import { ADDRESS_BOOK_MAX, ADDRESS_BOOK_MESSAGES } from '@dentalmarket/contracts/practices';
import type { User } from '../auth/user.entity.js';
import { Transactions } from '../database/transactions.js';
import type { PracticeAddressCreateDto, PracticeAddressDto, PracticeAddressUpdateDto } from './dto/address.dto.js';
import { type Membership, membershipOf } from './practices.service.js';

const COLUMNS = 'id, label, full_name, address, city, state, zip_code, is_default, created_at, updated_at';
const FIELDS = ['label', 'full_name', 'address', 'city', 'state', 'zip_code'] as const;
/** Who may change the book: owners and purchasers (they place orders); assistants read it and pick from it at checkout. */
const MANAGERS: readonly PracticeRole[] = ['owner', 'purchaser'];

interface AddressRow {
  id: number;
  label: string;
  full_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  is_default: boolean;
  created_at: Date;
  updated_at: Date;
}
const mapAddress = (row: AddressRow): PracticeAddressDto => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() });

/** A label another address of the practice has (the case-insensitive unique index): 409 naming it. */
function labelTaken(error: unknown, label: string | undefined): never {
  const cause = (error as { driverError?: { code?: string; constraint?: string } }).driverError ?? (error as { code?: string; constraint?: string });
  if (cause.code === '23505' && cause.constraint === 'UQ_practice_addresses_label') throw new ConflictException(ADDRESS_BOOK_MESSAGES.labelTaken(label ?? ''));
  throw error;
}

/**
 * The practice's address book (issue 36): its ship-to addresses, read by every member, changed by
 * owners and purchasers. Every change runs with the practice's row locked (FOR UPDATE), so two
 * members making different addresses the default at once end with one default (the second's), and
 * two adding the 50th address at once leave 50; the partial unique index UQ_practice_addresses_default
 * stands behind it. Another practice's address answers 404, as one that does not exist.
 */
@Injectable()
export class AddressBookService {
  constructor(private readonly transactions: Transactions) {}

  /** GET /api/practice/addresses: the whole book (at most ADDRESS_BOOK_MAX), the default first, then by label. */
  async list(user: User): Promise<PracticeAddressDto[]> {
    const me = membershipOf(user);
    const rows = (await this.transactions.manager.query(
      `SELECT ${COLUMNS} FROM practice_addresses WHERE practice_id = $1 ORDER BY is_default DESC, lower(label), id LIMIT ${ADDRESS_BOOK_MAX}`,
      [me.practiceId],
    )) as AddressRow[];
    return rows.map(mapAddress);
  }

  async create(user: User, input: PracticeAddressCreateDto): Promise<PracticeAddressDto> {
    return this.transactions.run(async (manager) => {
      const me = await this.lockAs(manager, user);
      if (!MANAGERS.includes(me.role)) throw new ForbiddenException(ADDRESS_BOOK_MESSAGES.managers);
      const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM practice_addresses WHERE practice_id = $1`, [me.practiceId])) as Array<{ count: number }>;
      if (count >= ADDRESS_BOOK_MAX) throw new ConflictException(ADDRESS_BOOK_MESSAGES.full);
      const makeDefault = count === 0 || input.is_default === true;
      if (makeDefault) await manager.query(`UPDATE practice_addresses SET is_default = false, updated_at = now() WHERE practice_id = $1 AND is_default`, [me.practiceId]);
      const [row] = (await manager
        .query(
          `INSERT INTO practice_addresses (practice_id, label, full_name, address, city, state, zip_code, is_default) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
          [me.practiceId, ...FIELDS.map((field) => input[field]), makeDefault],
        )
        .catch((error: unknown) => labelTaken(error, input.label))) as AddressRow[];
      return mapAddress(row!);
    });
  }

  /** PATCH: any field; is_default true makes it the default. Unsetting the default is refused (409): make another address the default instead. */
  async update(user: User, id: number, change: PracticeAddressUpdateDto): Promise<PracticeAddressDto> {
    return this.transactions.run(async (manager) => {
      const me = await this.lockAs(manager, user);
      const current = await this.own(manager, me, id);
      if (change.is_default === false && current.is_default) throw new ConflictException('This is the default address: make another address the default instead');
      if (change.is_default === true && !current.is_default) {
        await manager.query(`UPDATE practice_addresses SET is_default = false, updated_at = now() WHERE practice_id = $1 AND is_default`, [me.practiceId]);
      }
      const values: unknown[] = [id, me.practiceId];
      const sets = FIELDS.filter((field) => change[field] !== undefined).map((field) => {
        values.push(change[field]);
        return `${field} = $${values.length}`;
      });
      if (change.is_default === true) sets.push('is_default = true');
      const [row] = (await manager
        .query(`UPDATE practice_addresses SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 AND practice_id = $2 RETURNING ${COLUMNS}`, values)
        .catch((error: unknown) => labelTaken(error, change.label))) as [AddressRow[], number];
      return mapAddress(row[0]!);
    });
  }

  /** DELETE: the address leaves the book (orders keep their own copy); when it was the default, the oldest remaining address becomes the default. */
  async remove(user: User, id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const me = await this.lockAs(manager, user);
      const current = await this.own(manager, me, id);
      await manager.query(`DELETE FROM practice_addresses WHERE id = $1`, [id]);
      if (current.is_default) {
        await manager.query(
          `UPDATE practice_addresses SET is_default = true, updated_at = now() WHERE id = (SELECT id FROM practice_addresses WHERE practice_id = $1 ORDER BY created_at, id LIMIT 1)`,
          [me.practiceId],
        );
      }
    });
  }

  /** The practice's row locked, the member's role as it is now; 403 for an assistant (after the 404 check of `own` where there is an id). */
  private async lockAs(manager: EntityManager, user: User): Promise<Membership> {
    const { practiceId } = membershipOf(user);
    const [row] = (await manager.query(
      `SELECT u.practice_id, u.practice_role FROM users u JOIN practices p ON p.id = u.practice_id WHERE u.id = $1 AND u.practice_id = $2 FOR UPDATE OF p`,
      [user.id, practiceId],
    )) as Array<{ practice_id: number; practice_role: PracticeRole }>;
    // moved to another practice a moment ago: act on where the account is now
    if (!row) {
      const [now] = (await manager.query(`SELECT practice_id, practice_role FROM users WHERE id = $1`, [user.id])) as Array<{ practice_id: number | null; practice_role: PracticeRole | null }>;
      return this.lockAs(manager, { ...user, practice_id: now?.practice_id ?? null, practice_role: now?.practice_role ?? null } as User);
    }
    return { userId: user.id, practiceId, role: row.practice_role };
  }

  /** The practice's address `id`, or 404 (another practice's answers the same); then 403 when the member may not change the book. */
  private async own(manager: EntityManager, me: Membership, id: number): Promise<{ is_default: boolean }> {
    const [row] = (await manager.query(`SELECT is_default FROM practice_addresses WHERE id = $1 AND practice_id = $2`, [id, me.practiceId])) as Array<{ is_default: boolean }>;
    if (!row) throw new NotFoundException(ADDRESS_BOOK_MESSAGES.notFound);
    if (!MANAGERS.includes(me.role)) throw new ForbiddenException(ADDRESS_BOOK_MESSAGES.managers);
    return row;
  }
}
