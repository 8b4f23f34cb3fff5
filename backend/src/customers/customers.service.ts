import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { centsToDecimal, CUSTOMER_MESSAGES, type UserRole } from '@dentalmarket/contracts';
import { ADMIN_PRACTICE_MESSAGES } from '@dentalmarket/contracts/admin-practices';
import type { User } from '../auth/user.entity.js';
import { Transactions } from '../database/transactions.js';
import { mapOrderSummary, type OrderSummaryRow } from '../orders/dto/order.dto.js';
import { SUMMARY_COLUMNS } from '../orders/order-reads.js';
import { CUSTOMER_COLUMNS, CUSTOMER_PAGE_DEFAULT, CUSTOMER_SEARCH_COUNT_CAP, customerListSql } from './customer-queries.js';
import type { CustomerDetailDto, CustomerListQueryDto, CustomerListResponseDto, CustomerRowDto } from './customers.dto.js';

interface CustomerSqlRow {
  id: number;
  username: string;
  email: string;
  full_name: string | null;
  role: UserRole;
  created_at: Date;
  disabled_at: Date | null;
  orders: number;
  spent_cents: string;
  last_order_at: Date | null;
}

function mapCustomer(row: CustomerSqlRow): CustomerRowDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    registered_at: row.created_at.toISOString(),
    disabled_at: row.disabled_at?.toISOString() ?? null,
    orders: row.orders,
    total_spent: centsToDecimal(Number(row.spent_cents)),
    last_order_at: row.last_order_at?.toISOString() ?? null,
  };
}

/**
 * The admin's Customers tab: accounts with their order figures (kept by triggers in
 * `customer_stats`), one account with its newest orders, and disabling an account, which ends every
 * session it holds in the same transaction (and the session serializer refuses a disabled account's
 * session on any instance from then on).
 */
@Injectable()
export class CustomersService {
  constructor(private readonly transactions: Transactions) {}

  async list(query: CustomerListQueryDto): Promise<CustomerListResponseDto> {
    const sql = customerListSql(query);
    const manager = this.transactions.manager;
    const [rows, [{ total }]] = await Promise.all([manager.query(sql.page.text, sql.page.values) as Promise<CustomerSqlRow[]>, manager.query(sql.count.text, sql.count.values)]);
    const capped = Boolean(query.q) && total > CUSTOMER_SEARCH_COUNT_CAP;
    return {
      customers: rows.map(mapCustomer),
      total: capped ? CUSTOMER_SEARCH_COUNT_CAP : total,
      ...(capped ? { total_capped: true } : {}),
      page: query.page ?? 1,
      limit: query.limit ?? CUSTOMER_PAGE_DEFAULT,
    };
  }

  async get(id: number): Promise<CustomerDetailDto> {
    const manager = this.transactions.manager;
    const [row] = (await manager.query(`SELECT ${CUSTOMER_COLUMNS} FROM users u JOIN customer_stats s ON s.user_id = u.id WHERE u.id = $1`, [id])) as CustomerSqlRow[];
    if (!row) throw new NotFoundException(`Customer ${id} not found`);
    const [orders, [account]] = await Promise.all([
      manager.query(`SELECT ${SUMMARY_COLUMNS} FROM orders o WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT 10`, [id]) as Promise<OrderSummaryRow[]>,
      manager.query(`SELECT CASE WHEN role = 'customer' THEN practice_id END AS practice_id FROM users WHERE id = $1`, [id]) as Promise<Array<{ practice_id: number | null }>>,
    ]);
    return { ...mapCustomer(row), recent_orders: orders.map(mapOrderSummary), practice_id: account?.practice_id ?? null };
  }

  /**
   * Disables an account and deletes its sessions, in one transaction. Refused for the admin's own
   * account and for the last enabled admin: two admins disabling each other at once cannot both
   * succeed.
   */
  async disable(id: number, actor: User): Promise<CustomerDetailDto> {
    if (id === actor.id) throw new ConflictException(CUSTOMER_MESSAGES.disableSelf);
    await this.transactions.run(async (manager) => {
      // the enabled admins first, always in id order, then the account: two admins disabling each
      // other lock in the same order (no deadlock), and the second sees the first's change
      const admins = (await manager.query(`SELECT id FROM users WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`)) as { id: number }[];
      const target = await this.lockAccount(manager, id);
      if (target.role === 'admin' && target.disabled_at === null && admins.filter((admin) => admin.id !== id).length === 0) {
        throw new ConflictException(CUSTOMER_MESSAGES.disableLastAdmin);
      }
      await manager.query(`UPDATE users SET disabled_at = coalesce(disabled_at, now()), disabled_with_practice = false WHERE id = $1`, [id]);
      await manager.query(`DELETE FROM "session" WHERE (sess -> 'passport') ->> 'user' = $1`, [String(id)]);
    });
    return this.get(id);
  }

  /** Refused (409) while the account's practice is disabled: enabling the practice enables its people. */
  async enable(id: number): Promise<CustomerDetailDto> {
    await this.transactions.run(async (manager) => {
      await this.lockAccount(manager, id);
      const [practice] = (await manager.query(`SELECT p.disabled_at FROM users u JOIN practices p ON p.id = u.practice_id WHERE u.id = $1 AND u.role = 'customer'`, [id])) as Array<{ disabled_at: Date | null }>;
      if (practice?.disabled_at) throw new ConflictException(ADMIN_PRACTICE_MESSAGES.enableInDisabledPractice);
      await manager.query(`UPDATE users SET disabled_at = NULL, disabled_with_practice = false WHERE id = $1`, [id]);
    });
    return this.get(id);
  }

  private async lockAccount(manager: EntityManager, id: number): Promise<{ role: UserRole; disabled_at: Date | null }> {
    const [row] = (await manager.query(`SELECT role, disabled_at FROM users WHERE id = $1 FOR UPDATE`, [id])) as { role: UserRole; disabled_at: Date | null }[];
    if (!row) throw new NotFoundException(`Customer ${id} not found`);
    return row;
  }
}
