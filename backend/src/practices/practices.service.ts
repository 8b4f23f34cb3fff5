import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { centsToDecimal, type PracticeRole, toCents } from '@dentalmarket/contracts';
import { PRACTICE_ROLE_LABELS } from '@dentalmarket/contracts/practices';
import { practiceNameFor } from '../auth/users.service.js';
import type { User } from '../auth/user.entity.js';
import { Transactions } from '../database/transactions.js';
import { OPEN_BALANCE } from '../orders/place-order-sql.js';
import { TAX_EXEMPT_NOW } from './tax-exemption.js';
import type { PracticeDto, PracticeUpdateDto } from './dto/practice.dto.js';

/** The signed-in shopper's place: their practice and role (re-read under the practice's lock where it matters). */
export interface Membership {
  userId: number;
  practiceId: number;
  role: PracticeRole;
}

export const NOT_A_SHOPPER = 'Practices are for shopper accounts: an admin account belongs to none';
export const OWNERS_ONLY = (what: string) => `Only an owner of the practice can ${what}`;
const MEMBER_NOT_FOUND = 'No such member in your practice';

/** The shopper's practice of a request's user, or 403 for an admin (who has none). */
export function membershipOf(user: User): Membership {
  if (user.role !== 'customer' || user.practice_id === null || user.practice_role === null) throw new ForbiddenException(NOT_A_SHOPPER);
  return { userId: user.id, practiceId: user.practice_id, role: user.practice_role };
}

interface MemberRow {
  user_id: number;
  username: string;
  full_name: string | null;
  email: string;
  role: PracticeRole;
  joined_at: Date;
}

/**
 * A practice and its people (issue 36). Every change of who is in a practice or what they may do
 * runs with the practice's row locked (FOR UPDATE), so two owners demoting each other at once cannot
 * leave it without an owner: the second sees the first's change.
 */
@Injectable()
export class PracticesService {
  constructor(private readonly transactions: Transactions) {}

  async get(user: User): Promise<PracticeDto> {
    const me = membershipOf(user);
    return this.read(this.transactions.manager, me.practiceId, me.userId);
  }

  async update(user: User, change: PracticeUpdateDto): Promise<PracticeDto> {
    return this.transactions.run(async (manager) => {
      const me = await this.lockAs(manager, user);
      if (me.role !== 'owner') throw new ForbiddenException(OWNERS_ONLY("change the practice's details and settings"));
      const sets: string[] = [];
      const values: unknown[] = [me.practiceId];
      const columns = { ...change, approval_threshold: undefined, approval_threshold_cents: change.approval_threshold === undefined ? undefined : change.approval_threshold === null ? null : toCents(change.approval_threshold) };
      for (const field of ['name', 'phone', 'tax_id', 'po_required', 'approvals_enabled', 'approval_threshold_cents', 'approval_days'] as const) {
        if (columns[field] === undefined) continue;
        values.push(columns[field] === '' ? null : columns[field]);
        sets.push(`${field} = $${values.length}`);
      }
      if (sets.length) await manager.query(`UPDATE practices SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, values);
      return this.read(manager, me.practiceId, me.userId);
    });
  }

  /** PATCH /api/practice/members/:userId (owners): another role; the last owner cannot be demoted (409). */
  async changeRole(user: User, targetId: number, role: PracticeRole): Promise<PracticeDto> {
    return this.transactions.run(async (manager) => {
      const me = await this.lockAs(manager, user);
      if (me.role !== 'owner') throw new ForbiddenException(OWNERS_ONLY("change a member's role"));
      const target = await this.memberRole(manager, me.practiceId, targetId);
      if (target === 'owner' && role !== 'owner' && (await this.owners(manager, me.practiceId)) === 1) {
        throw new ConflictException(`The last owner cannot become ${PRACTICE_ROLE_LABELS[role].toLowerCase()}: make another member an owner first`);
      }
      await manager.query(`UPDATE users SET practice_role = $3 WHERE id = $2 AND practice_id = $1`, [me.practiceId, targetId, role]);
      return this.read(manager, me.practiceId, me.userId);
    });
  }

  /**
   * DELETE /api/practice/members/:userId: an owner removes a member, or a member leaves. The last
   * owner can do neither (409). The person keeps the account, which becomes the owner of a new
   * one-person practice named after them; their orders and requests stay with this practice.
   */
  async remove(user: User, targetId: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const me = await this.lockAs(manager, user);
      const self = targetId === me.userId;
      if (!self && me.role !== 'owner') throw new ForbiddenException(OWNERS_ONLY('remove a member'));
      const target = await this.memberRole(manager, me.practiceId, targetId);
      if (target === 'owner' && (await this.owners(manager, me.practiceId)) === 1) {
        throw new ConflictException(
          self ? 'You are the last owner: make another member an owner before you leave the practice' : 'The last owner cannot be removed: make another member an owner first',
        );
      }
      await moveToOwnPractice(manager, targetId);
    });
  }

  /** Locks the practice of `user` and answers their membership as it is now. */
  private async lockAs(manager: EntityManager, user: User): Promise<Membership> {
    const { practiceId } = membershipOf(user);
    await manager.query(`SELECT id FROM practices WHERE id = $1 FOR UPDATE`, [practiceId]);
    const [row] = (await manager.query(`SELECT practice_id, practice_role FROM users WHERE id = $1`, [user.id])) as Array<{ practice_id: number | null; practice_role: PracticeRole | null }>;
    // moved meanwhile (removed by an owner a moment ago): act on where the account is now
    if (row?.practice_id !== practiceId) return this.lockAs(manager, { ...user, practice_id: row?.practice_id ?? null, practice_role: row?.practice_role ?? null } as User);
    return { userId: user.id, practiceId, role: row.practice_role! };
  }

  private async memberRole(manager: EntityManager, practiceId: number, userId: number): Promise<PracticeRole> {
    const [row] = (await manager.query(`SELECT practice_role FROM users WHERE id = $1 AND practice_id = $2 AND role = 'customer'`, [userId, practiceId])) as Array<{ practice_role: PracticeRole }>;
    if (!row) throw new NotFoundException(MEMBER_NOT_FOUND);
    return row.practice_role;
  }

  private async owners(manager: EntityManager, practiceId: number): Promise<number> {
    const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM users WHERE practice_id = $1 AND practice_role = 'owner' AND role = 'customer'`, [practiceId])) as Array<{ count: number }>;
    return count;
  }

  async read(manager: EntityManager, practiceId: number, userId: number): Promise<PracticeDto> {
    const [practice] = (await manager.query(
      `SELECT id, name, phone, tax_id, created_at, updated_at, po_required, approvals_enabled, approval_threshold_cents, approval_days, payment_terms, net_days, credit_limit_cents,
              CASE WHEN payment_terms = 'invoice' THEN (${OPEN_BALANCE('$1')}) END AS open_cents,
              tax_exempt_certificate, to_char(tax_exempt_until, 'YYYY-MM-DD') AS tax_exempt_until, ${TAX_EXEMPT_NOW('practices')} AS tax_exempt_now
         FROM practices WHERE id = $1`,
      [practiceId],
    )) as Array<{
      id: number;
      name: string;
      phone: string | null;
      tax_id: string | null;
      created_at: Date;
      updated_at: Date;
      po_required: boolean;
      approvals_enabled: boolean;
      approval_threshold_cents: string | null;
      approval_days: number;
      payment_terms: 'card' | 'invoice';
      net_days: number | null;
      credit_limit_cents: string | null;
      open_cents: string | null;
      tax_exempt_certificate: string | null;
      tax_exempt_until: string | null;
      tax_exempt_now: boolean;
    }>;
    if (!practice) throw new NotFoundException('Practice not found');
    const members = (await manager.query(
      `SELECT u.id AS user_id, u.username, u.full_name, u.email, u.practice_role AS role,
              coalesce((SELECT max(i.accepted_at) FROM practice_invitations i WHERE i.accepted_by = u.id AND i.practice_id = u.practice_id), u.created_at) AS joined_at
         FROM users u WHERE u.practice_id = $1 AND u.role = 'customer'
        ORDER BY array_position(ARRAY['owner', 'purchaser', 'assistant']::practice_role[], u.practice_role), lower(coalesce(nullif(btrim(u.full_name), ''), u.username)), u.id`,
      [practiceId],
    )) as MemberRow[];
    const mine = members.find((member) => member.user_id === userId);
    return {
      id: practice.id,
      name: practice.name,
      phone: practice.phone,
      tax_id: practice.tax_id,
      created_at: practice.created_at.toISOString(),
      updated_at: practice.updated_at.toISOString(),
      members: members.map((member) => ({ ...member, joined_at: member.joined_at.toISOString() })),
      my_role: mine!.role,
      my_user_id: userId,
      po_required: practice.po_required,
      approvals_enabled: practice.approvals_enabled,
      approval_threshold: dollars(practice.approval_threshold_cents),
      approval_days: practice.approval_days,
      payment_terms: practice.payment_terms,
      net_days: practice.net_days,
      credit_limit: dollars(practice.credit_limit_cents),
      open_balance: dollars(practice.open_cents),
      tax_exemption: practice.tax_exempt_certificate === null ? null : { certificate: practice.tax_exempt_certificate, valid_until: practice.tax_exempt_until! },
      tax_exempt_now: practice.tax_exempt_now,
    };
  }
}

const dollars = (cents: string | null) => (cents === null ? null : centsToDecimal(Number(cents)));

/** The account leaves its practice for a new one of its own, named after it, as its owner. */
export async function moveToOwnPractice(manager: EntityManager, userId: number): Promise<void> {
  const [account] = (await manager.query(`SELECT username, full_name FROM users WHERE id = $1`, [userId])) as Array<{ username: string; full_name: string | null }>;
  const [practice] = (await manager.query(`INSERT INTO practices (name) VALUES ($1) RETURNING id`, [practiceNameFor(account!)])) as Array<{ id: number }>;
  await manager.query(`UPDATE users SET practice_id = $2, practice_role = 'owner' WHERE id = $1`, [userId, practice!.id]);
}
