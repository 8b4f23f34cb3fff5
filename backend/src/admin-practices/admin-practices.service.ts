import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { centsToDecimal, type PaymentTerms, type PracticeRole } from '@dentalmarket/contracts';
import { ADMIN_PRACTICE_COUNT_CAP, ADMIN_PRACTICE_MEMBERS_SHOWN, ADMIN_PRACTICE_MESSAGES, type InvoiceState } from '@dentalmarket/contracts/admin-practices';
import { Transactions } from '../database/transactions.js';
import { mapOrderSummary, type OrderSummaryRow } from '../orders/dto/order.dto.js';
import { PLACED_BY, SUMMARY_COLUMNS } from '../orders/order-reads.js';
import { PRACTICE_MEMBERS_LATERAL, PRACTICE_ROW_COLUMNS, PRACTICE_SEARCH_COUNT_CAP, PRACTICE_PAGE_DEFAULT, practiceListSql } from './admin-practice-queries.js';
import type {
  AdminPracticeDetailDto,
  AdminPracticeInvoicesDto,
  AdminPracticeListQueryDto,
  AdminPracticeListResponseDto,
  AdminPracticeOrdersDto,
  AdminPracticePageQueryDto,
  AdminPracticeRowDto,
} from './admin-practices.dto.js';

interface PracticeSqlRow {
  id: number;
  name: string;
  phone: string | null;
  tax_id: string | null;
  created_at: Date;
  disabled_at: Date | null;
  payment_terms: PaymentTerms;
  net_days: number | null;
  credit_limit_cents: string | null;
  tax_exempt_certificate: string | null;
  tax_exempt_until: string | null;
  members: number;
  owner_count: number;
  owners: string[];
  open_cents: string;
}

const money = (cents: string) => centsToDecimal(Number(cents));
const PAGE_DEFAULT = 10;

function mapRow(row: PracticeSqlRow): AdminPracticeRowDto {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    members: row.members,
    owners: row.owners,
    owner_count: row.owner_count,
    payment_terms: row.payment_terms,
    net_days: row.net_days,
    credit_limit: row.credit_limit_cents === null ? null : money(row.credit_limit_cents),
    open_balance: money(row.open_cents),
    tax_exempt_certificate: row.tax_exempt_certificate,
    tax_exempt_until: row.tax_exempt_until,
    disabled_at: row.disabled_at?.toISOString() ?? null,
  };
}

/** A count of up to CAP rows, and whether there were more. */
function capped(total: number): { total: number; total_capped?: true } {
  return total > ADMIN_PRACTICE_COUNT_CAP ? { total: ADMIN_PRACTICE_COUNT_CAP, total_capped: true } : { total };
}

/**
 * The admin's practices (issue 36): the list with each practice's people, owners, terms and open
 * balance; one practice with its people, its orders and its invoices, each paged; disabling a
 * practice, which disables its enabled people and ends their sessions in one transaction, and
 * enabling it again, which enables exactly the people its disabling turned off.
 */
@Injectable()
export class AdminPracticesService {
  constructor(private readonly transactions: Transactions) {}

  async list(query: AdminPracticeListQueryDto): Promise<AdminPracticeListResponseDto> {
    const sql = practiceListSql(query);
    const manager = this.transactions.manager;
    const [rows, [{ total }]] = await Promise.all([manager.query(sql.page.text, sql.page.values) as Promise<PracticeSqlRow[]>, manager.query(sql.count.text, sql.count.values)]);
    const over = Boolean(query.q) && total > PRACTICE_SEARCH_COUNT_CAP;
    return {
      practices: rows.map(mapRow),
      total: over ? PRACTICE_SEARCH_COUNT_CAP : total,
      ...(over ? { total_capped: true } : {}),
      page: query.page ?? 1,
      limit: query.limit ?? PRACTICE_PAGE_DEFAULT,
    };
  }

  async get(id: number, manager: EntityManager = this.transactions.manager): Promise<AdminPracticeDetailDto> {
    const [row] = (await manager.query(`SELECT ${PRACTICE_ROW_COLUMNS} FROM practices p ${PRACTICE_MEMBERS_LATERAL} WHERE p.id = $1`, [id])) as PracticeSqlRow[];
    if (!row) throw new NotFoundException(ADMIN_PRACTICE_MESSAGES.notFound);
    const people = (await manager.query(
      `SELECT u.id AS user_id, u.username, u.full_name, u.email, u.practice_role AS role, u.disabled_at, u.disabled_with_practice
         FROM users u WHERE u.practice_id = $1 AND u.role = 'customer'
        ORDER BY u.practice_role, lower(coalesce(nullif(btrim(u.full_name), ''), u.username)), u.id LIMIT ${ADMIN_PRACTICE_MEMBERS_SHOWN}`,
      [id],
    )) as Array<{ user_id: number; username: string; full_name: string | null; email: string; role: PracticeRole; disabled_at: Date | null; disabled_with_practice: boolean }>;
    return {
      ...mapRow(row),
      phone: row.phone,
      tax_id: row.tax_id,
      people: people.map((person) => ({ ...person, disabled_at: person.disabled_at?.toISOString() ?? null })),
    };
  }

  /** The practice's orders, newest first (IDX_orders_practice_created), with who placed each. */
  async orders(id: number, query: AdminPracticePageQueryDto): Promise<AdminPracticeOrdersDto> {
    const manager = this.transactions.manager;
    await this.exists(manager, id);
    const { page, limit, offset } = paging(query);
    const [rows, [{ total }]] = await Promise.all([
      manager.query(`SELECT ${SUMMARY_COLUMNS}, ${PLACED_BY} FROM orders o WHERE o.practice_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`, [id, limit, offset]) as Promise<OrderSummaryRow[]>,
      manager.query(`SELECT count(*)::int AS total FROM (SELECT 1 FROM orders WHERE practice_id = $1 LIMIT ${ADMIN_PRACTICE_COUNT_CAP + 1}) o`, [id]),
    ]);
    return { orders: rows.map(mapOrderSummary), ...capped(total), page, limit };
  }

  /** The practice's orders on invoice terms, the latest due date first (IDX_orders_practice_invoices). */
  async invoices(id: number, query: AdminPracticePageQueryDto): Promise<AdminPracticeInvoicesDto> {
    const manager = this.transactions.manager;
    await this.exists(manager, id);
    const { page, limit, offset } = paging(query);
    const [rows, [{ total }]] = await Promise.all([
      manager.query(
        `SELECT o.number, o.created_at, o.total_cents, o.status, o.payment_due_at, o.paid_at,
                CASE WHEN o.paid_at IS NOT NULL THEN 'paid' WHEN o.status = 'cancelled' THEN 'cancelled' WHEN o.payment_due_at < now() THEN 'overdue' ELSE 'unpaid' END AS state
           FROM orders o WHERE o.practice_id = $1 AND o.payment_due_at IS NOT NULL
          ORDER BY o.payment_due_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
        [id, limit, offset],
      ) as Promise<Array<{ number: string; created_at: Date; total_cents: string; status: AdminPracticeInvoicesDto['invoices'][number]['order_status']; payment_due_at: Date; paid_at: Date | null; state: InvoiceState }>>,
      manager.query(`SELECT count(*)::int AS total FROM (SELECT 1 FROM orders WHERE practice_id = $1 AND payment_due_at IS NOT NULL LIMIT ${ADMIN_PRACTICE_COUNT_CAP + 1}) o`, [id]),
    ]);
    return {
      invoices: rows.map((row) => ({
        number: row.number,
        created_at: row.created_at.toISOString(),
        total: money(row.total_cents),
        order_status: row.status,
        payment_due_at: row.payment_due_at.toISOString(),
        paid_at: row.paid_at?.toISOString() ?? null,
        state: row.state,
      })),
      ...capped(total),
      page,
      limit,
    };
  }

  /**
   * Disables the practice and every enabled person in it (marked disabled_with_practice), and ends
   * their sessions (IDX_session_user), in one transaction: a request they make afterwards finds no
   * session, and the session serializer refuses a disabled account's on any instance. People already
   * disabled on their own stay so, unmarked. Disabling a disabled practice changes nothing.
   */
  async disable(id: number): Promise<AdminPracticeDetailDto> {
    return this.transactions.run(async (manager) => {
      await this.lock(manager, id);
      await manager.query(`UPDATE practices SET disabled_at = coalesce(disabled_at, now()) WHERE id = $1`, [id]);
      const people = (await manager.query(
        `UPDATE users SET disabled_at = now(), disabled_with_practice = true WHERE practice_id = $1 AND role = 'customer' AND disabled_at IS NULL RETURNING id`,
        [id],
      )) as [Array<{ id: number }>, number];
      const ids = people[0].map((person) => String(person.id));
      if (ids.length) await manager.query(`DELETE FROM "session" WHERE (sess -> 'passport') ->> 'user' = ANY($1::text[])`, [ids]);
      return this.get(id, manager);
    });
  }

  /** Enables the practice and the people its disabling turned off; people an admin disabled on their own stay disabled. */
  async enable(id: number): Promise<AdminPracticeDetailDto> {
    return this.transactions.run(async (manager) => {
      await this.lock(manager, id);
      await manager.query(`UPDATE practices SET disabled_at = NULL WHERE id = $1`, [id]);
      await manager.query(`UPDATE users SET disabled_at = NULL, disabled_with_practice = false WHERE practice_id = $1 AND disabled_with_practice`, [id]);
      return this.get(id, manager);
    });
  }

  private async exists(manager: EntityManager, id: number): Promise<void> {
    const [row] = (await manager.query(`SELECT 1 FROM practices WHERE id = $1`, [id])) as unknown[];
    if (!row) throw new NotFoundException(ADMIN_PRACTICE_MESSAGES.notFound);
  }

  /** The practice's row lock, as invitations and invoice checkouts take it: no one joins it halfway through. */
  private async lock(manager: EntityManager, id: number): Promise<void> {
    const [row] = (await manager.query(`SELECT 1 FROM practices WHERE id = $1 FOR UPDATE`, [id])) as unknown[];
    if (!row) throw new NotFoundException(ADMIN_PRACTICE_MESSAGES.notFound);
  }
}

function paging(query: AdminPracticePageQueryDto): { page: number; limit: number; offset: number } {
  const page = query.page ?? 1;
  const limit = query.limit ?? PAGE_DEFAULT;
  return { page, limit, offset: (page - 1) * limit };
}
