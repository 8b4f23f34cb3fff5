import { ConflictException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { centsToDecimal } from '@dentalmarket/contracts';
import { overCreditMessage } from '@dentalmarket/contracts/practices';
import { OPEN_BALANCE } from './place-order-sql.js';

/**
 * Locks the account's practice when it is on invoice terms (issue 36), in the caller's transaction:
 * checkouts and approvals of one such practice then add to its open balance one after the other,
 * each reading it after the one before committed, so together they never exceed the credit limit.
 * A card practice is not locked (its checkouts stay one statement, side by side).
 */
export async function lockInvoicePractice(manager: EntityManager, userId: number): Promise<void> {
  await manager.query(`SELECT p.id FROM practices p JOIN users u ON u.practice_id = p.id WHERE u.id = $1 AND p.payment_terms = 'invoice' FOR UPDATE OF p`, [userId]);
}

/** 409: the order's total is over what the practice's credit limit leaves; the message names the limit. */
export function overCredit(totalCents: number, limitCents: number, openCents: number): ConflictException {
  return new ConflictException(overCreditMessage(centsToDecimal(totalCents), centsToDecimal(Math.max(0, limitCents - openCents)), centsToDecimal(limitCents)));
}

/**
 * At an approval (order-approvals.service.ts): the practice's row locked, the order's total against
 * its remaining credit; the due date when it fits (null for a card practice); 409 when it does not.
 */
export async function invoiceAtApproval(manager: EntityManager, orderId: string): Promise<Date | null> {
  const [terms] = (await manager.query(
    `SELECT p.id, p.net_days, p.credit_limit_cents, o.total_cents FROM orders o JOIN practices p ON p.id = o.practice_id WHERE o.id = $1 AND p.payment_terms = 'invoice' FOR UPDATE OF p`,
    [orderId],
  )) as Array<{ id: number; net_days: number; credit_limit_cents: string; total_cents: string }>;
  if (!terms) return null;
  // a statement after the lock: its snapshot holds every invoice committed before
  const [{ open, due }] = (await manager.query(`SELECT (${OPEN_BALANCE('$1')}) AS open, now() + make_interval(days => $2) AS due`, [terms.id, terms.net_days])) as Array<{ open: string; due: Date }>;
  if (Number(open) + Number(terms.total_cents) > Number(terms.credit_limit_cents)) throw overCredit(Number(terms.total_cents), Number(terms.credit_limit_cents), Number(open));
  return due;
}
