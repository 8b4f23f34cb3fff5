import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, ForbiddenException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type PracticeRole } from '@dentalmarket/contracts';
import { ADMIN_PRACTICE_MESSAGES } from '@dentalmarket/contracts/admin-practices';
import { PRACTICE_LIMITS } from '@dentalmarket/contracts/practices';
import { insertUser } from '../auth/users.service.js';
import type { User } from '../auth/user.entity.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import type { InvitationAcceptDto, InvitationPreviewDto, PracticeInvitationCreateDto, PracticeInvitationDto } from './dto/practice.dto.js';
import { InvitationEmails } from './invitation-emails.js';
import { InvitationTokens } from './invitation-token.js';
import { membershipOf, OWNERS_ONLY, type Membership } from './practices.service.js';
import { moveGuides } from '../order-guides/order-guide-reads.js';

const NOT_FOUND = 'Invitation not found';
const DAY_MS = 86_400_000;

interface InvitationRow {
  id: string;
  practice_id: number;
  practice_name: string;
  email: string;
  role: PracticeRole;
  version: number;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = `i.id, i.practice_id, p.name AS practice_name, i.email, i.role, i.version, i.created_at, i.expires_at, i.accepted_at, i.revoked_at,
  (SELECT coalesce(nullif(btrim(u.full_name), ''), u.username) FROM users u WHERE u.id = i.invited_by) AS invited_by`;

/** Why an invitation's link no longer works, or null while it does. */
function closed(row: InvitationRow, now = new Date()): 'used' | 'revoked' | 'expired' | null {
  if (row.accepted_at) return 'used';
  if (row.revoked_at) return 'revoked';
  if (row.expires_at <= now) return 'expired';
  return null;
}

const GONE: Record<'used' | 'revoked' | 'expired', string> = {
  used: 'This invitation was already used: each link works once',
  revoked: 'This invitation was revoked by the practice',
  expired: `This invitation has expired (links work for ${PRACTICE_LIMITS.invitationDays} days): ask the practice for a new one`,
};

/**
 * Invitations to a practice (issue 36): an owner invites an email address with a role; the email's
 * link (invitation-token.ts) works once, for PRACTICE_LIMITS.invitationDays days. Accepting it signed
 * out makes the account in the practice; signed in, it moves the account there, unless the account
 * has orders or service requests of another practice, or is the last owner of a practice with others in it.
 */
@Injectable()
export class InvitationsService {
  private readonly tokens: InvitationTokens;

  constructor(
    private readonly transactions: Transactions,
    private readonly emails: InvitationEmails,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.tokens = new InvitationTokens(config.sessionSecret);
  }

  /** GET /api/practice/invitations (owners): the pending and expired ones, newest first. */
  async list(user: User): Promise<PracticeInvitationDto[]> {
    const me = ownerOf(user, 'see its invitations');
    const rows = (await this.transactions.manager.query(
      `SELECT ${COLUMNS} FROM practice_invitations i JOIN practices p ON p.id = i.practice_id
        WHERE i.practice_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL ORDER BY i.created_at DESC, i.id`,
      [me.practiceId],
    )) as InvitationRow[];
    return rows.map((row) => mapInvitation(row));
  }

  /** POST /api/practice/invitations (owners): a new invitation, emailed through the job queue. */
  async create(user: User, input: PracticeInvitationCreateDto): Promise<PracticeInvitationDto> {
    const me = ownerOf(user, 'invite people');
    const email = input.email.trim();
    const id = await this.transactions.run(async (manager) => {
      await manager.query(`SELECT id FROM practices WHERE id = $1 FOR UPDATE`, [me.practiceId]);
      const [member] = await manager.query(`SELECT 1 FROM users WHERE practice_id = $1 AND role = 'customer' AND lower(email) = lower($2)`, [me.practiceId, email]);
      if (member) throw new ConflictException(`${email} is already a member of this practice`);
      const [pending] = await manager.query(
        `SELECT 1 FROM practice_invitations WHERE practice_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
        [me.practiceId, email],
      );
      if (pending) throw new ConflictException(`${email} has a pending invitation: resend or revoke it`);
      const invitationId = randomUUID();
      await manager.query(
        `INSERT INTO practice_invitations (id, practice_id, email, role, token_hash, version, invited_by, expires_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $7)`,
        [invitationId, me.practiceId, email, input.role, this.tokens.hash(this.tokens.token(invitationId, 1)), me.userId, new Date(Date.now() + PRACTICE_LIMITS.invitationDays * DAY_MS)],
      );
      await this.emails.enqueue(manager, invitationId, 1);
      return invitationId;
    });
    return this.one(this.transactions.manager, me.practiceId, id);
  }

  /** POST /api/practice/invitations/:id/resend (owners): a new link (the old one stops working), valid 7 days from now, emailed again. */
  async resend(user: User, id: string): Promise<PracticeInvitationDto> {
    const me = ownerOf(user, 'resend invitations');
    await this.transactions.run(async (manager) => {
      const row = await this.one(manager, me.practiceId, id, true);
      if (row.status !== 'pending' && row.status !== 'expired') throw new NotFoundException(NOT_FOUND);
      const [{ version }] = (await manager.query(`SELECT version + 1 AS version FROM practice_invitations WHERE id = $1`, [id])) as Array<{ version: number }>;
      await manager.query(`UPDATE practice_invitations SET version = $2, token_hash = $3, expires_at = $4 WHERE id = $1`, [
        id,
        version,
        this.tokens.hash(this.tokens.token(id, version)),
        new Date(Date.now() + PRACTICE_LIMITS.invitationDays * DAY_MS),
      ]);
      await this.emails.enqueue(manager, id, version);
    });
    return this.one(this.transactions.manager, me.practiceId, id);
  }

  /** DELETE /api/practice/invitations/:id (owners): its link stops working. */
  async revoke(user: User, id: string): Promise<void> {
    const me = ownerOf(user, 'revoke invitations');
    const rows = (await this.transactions.manager.query(
      `UPDATE practice_invitations SET revoked_at = now() WHERE id = $1 AND practice_id = $2 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id`,
      [id, me.practiceId],
    )) as unknown[];
    // structured results differ by driver call: an UPDATE … RETURNING through query() is [rows, count]
    const updated = Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows;
    if (updated.length === 0) throw new NotFoundException(NOT_FOUND);
  }

  /** GET /api/invitations/:token: what the link offers and whether it still works (404 for a token no invitation has). */
  async preview(token: string): Promise<InvitationPreviewDto> {
    const row = await this.byToken(this.transactions.manager, token, false);
    const reason = closed(row);
    return {
      practice_name: row.practice_name,
      role: row.role,
      email: row.email,
      invited_by: row.invited_by,
      expires_at: row.expires_at.toISOString(),
      valid: reason === null,
      reason,
    };
  }

  /**
   * POST /api/invitations/:token/accept. Signed out (`user` undefined): a new account with the
   * invitation's email, in the practice with the invitation's role. Signed in: the account moves
   * there. Answers the account (to sign in, when new).
   */
  async accept(token: string, input: InvitationAcceptDto, user: User | undefined): Promise<{ user: User; created: boolean }> {
    return this.transactions.run(async (manager) => {
      const row = await this.byToken(manager, token, true);
      const reason = closed(row);
      if (reason) throw new GoneException(GONE[reason]);
      const [practice] = (await manager.query(`SELECT disabled_at FROM practices WHERE id = $1 FOR UPDATE`, [row.practice_id])) as Array<{ disabled_at: Date | null }>;
      if (practice?.disabled_at) throw new ConflictException(ADMIN_PRACTICE_MESSAGES.invitationToDisabledPractice);
      let account: User;
      if (!user) {
        const missing = [!input.username && 'username: required to create your account', !input.password && 'password: required to create your account'].filter(Boolean);
        if (missing.length) throw new BadRequestException(missing);
        const [taken] = await manager.query(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [row.email]);
        if (taken) throw new ConflictException(`An account with ${row.email} exists: sign in to it, then accept the invitation`);
        account = await insertUser(manager, {
          username: input.username!,
          email: row.email,
          full_name: input.full_name?.trim() || null,
          password: input.password!,
          role: 'customer',
          practice: { id: row.practice_id, role: row.role },
        });
      } else {
        if (input.username !== undefined || input.password !== undefined) throw new BadRequestException(['username: not accepted while signed in (the signed-in account joins)']);
        await this.leaveForInvitation(manager, user, row);
        await manager.query(`UPDATE users SET practice_id = $2, practice_role = $3 WHERE id = $1`, [user.id, row.practice_id, row.role]);
        account = user;
      }
      await manager.query(`UPDATE practice_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1`, [row.id, account.id]);
      return { user: account, created: !user };
    });
  }

  /** Checks that a signed-in account may move to the invitation's practice, and tidies the practice it leaves. */
  private async leaveForInvitation(manager: EntityManager, user: User, invitation: InvitationRow): Promise<void> {
    if (user.role !== 'customer') throw new ConflictException('An admin account cannot join a practice: sign out and accept the invitation with a new account');
    const [current] = (await manager.query(`SELECT u.practice_id, u.practice_role, p.name FROM users u JOIN practices p ON p.id = u.practice_id WHERE u.id = $1`, [user.id])) as Array<{
      practice_id: number;
      practice_role: PracticeRole;
      name: string;
    }>;
    if (current!.practice_id === invitation.practice_id) throw new ConflictException(`You are already a member of ${invitation.practice_name}`);
    await manager.query(`SELECT id FROM practices WHERE id = $1 FOR UPDATE`, [current!.practice_id]);
    const [records] = (await manager.query(
      `SELECT (SELECT count(*) FROM orders WHERE user_id = $1 AND practice_id IS DISTINCT FROM $2)::int
            + (SELECT count(*) FROM service_requests WHERE user_id = $1 AND practice_id IS DISTINCT FROM $2)::int AS count`,
      [user.id, invitation.practice_id],
    )) as Array<{ count: number }>;
    if (records!.count > 0) {
      throw new ConflictException(`Your account has orders or service requests of ${current!.name}, so it cannot join another practice: accept the invitation with a new account`);
    }
    const [others] = (await manager.query(
      `SELECT count(*)::int AS members, count(*) FILTER (WHERE practice_role = 'owner')::int AS owners FROM users WHERE practice_id = $1 AND id <> $2 AND role = 'customer'`,
      [current!.practice_id, user.id],
    )) as Array<{ members: number; owners: number }>;
    if (current!.practice_role === 'owner' && others!.members > 0 && others!.owners === 0) {
      throw new ConflictException(`You are the last owner of ${current!.name}: make another member an owner before you join another practice`);
    }
    if (others!.members === 0) {
      // the practice it leaves is left empty: gone with its invitations, unless it still has records (of earlier members);
      // its order guides come along
      await manager.query(`UPDATE users SET practice_id = $2 WHERE id = $1`, [user.id, invitation.practice_id]);
      await moveGuides(manager, current!.practice_id, invitation.practice_id);
      await manager.query(
        `DELETE FROM practices p WHERE p.id = $1 AND NOT EXISTS (SELECT 1 FROM orders WHERE practice_id = p.id) AND NOT EXISTS (SELECT 1 FROM service_requests WHERE practice_id = p.id)`,
        [current!.practice_id],
      );
    }
  }

  private async byToken(manager: EntityManager, token: string, lock: boolean): Promise<InvitationRow> {
    const [row] = (await manager.query(
      `SELECT ${COLUMNS} FROM practice_invitations i JOIN practices p ON p.id = i.practice_id WHERE i.token_hash = $1 ${lock ? 'FOR UPDATE OF i' : ''}`,
      [this.tokens.hash(token)],
    )) as InvitationRow[];
    if (!row) throw new NotFoundException(`${NOT_FOUND}: the link is wrong, or a newer email replaced it`);
    return row;
  }

  private async one(manager: EntityManager, practiceId: number, id: string, lock = false): Promise<PracticeInvitationDto> {
    const [row] = (await manager.query(
      `SELECT ${COLUMNS} FROM practice_invitations i JOIN practices p ON p.id = i.practice_id
        WHERE i.id = $1 AND i.practice_id = $2 AND i.accepted_at IS NULL AND i.revoked_at IS NULL ${lock ? 'FOR UPDATE OF i' : ''}`,
      [id, practiceId],
    )) as InvitationRow[];
    if (!row) throw new NotFoundException(NOT_FOUND);
    return mapInvitation(row);
  }
}

function ownerOf(user: User, what: string): Membership {
  const me = membershipOf(user);
  if (me.role !== 'owner') throw new ForbiddenException(OWNERS_ONLY(what));
  return me;
}

function mapInvitation(row: InvitationRow): PracticeInvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.expires_at <= new Date() ? 'expired' : 'pending',
    invited_by: row.invited_by,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}
