import type { EntityManager } from 'typeorm';
import { centsToDecimal, type ServiceRequestStatus } from '@dentalmarket/contracts';
import type { ServiceRequestDto, ServiceRequestSummaryDto } from './service-requests.dto.js';

export const SUMMARY_COLUMNS = `r.number, r.status, r.product_id, r.product_name, r.practice_name, r.contact_name, r.email, r.phone,
  to_char(r.preferred_date, 'YYYY-MM-DD') AS preferred_date, r.quote_amount_cents, r.created_at, r.updated_at,
  (SELECT coalesce(nullif(btrim(u.full_name), ''), u.username) FROM users u WHERE u.id = r.user_id) AS placed_by`;

export interface SummaryRow {
  number: string;
  status: ServiceRequestStatus;
  product_id: number | null;
  product_name: string;
  practice_name: string;
  contact_name: string;
  email: string;
  phone: string;
  preferred_date: string | null;
  quote_amount_cents: string | null;
  created_at: Date;
  updated_at: Date;
  placed_by: string | null;
}

export function mapSummary(row: SummaryRow): ServiceRequestSummaryDto {
  return {
    number: row.number,
    status: row.status,
    product_id: row.product_id,
    product_name: row.product_name,
    practice_name: row.practice_name,
    contact_name: row.contact_name,
    email: row.email,
    phone: row.phone,
    preferred_date: row.preferred_date,
    quote_amount: row.quote_amount_cents === null ? null : centsToDecimal(Number(row.quote_amount_cents)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    placed_by: row.placed_by,
  };
}

/** One request with its history, by a condition on `r` (e.g. `r.number = $1 AND r.user_id = $2`), or null. */
export async function readServiceRequest(manager: EntityManager, where: string, values: unknown[]): Promise<(ServiceRequestDto & { id: string }) | null> {
  const [row] = (await manager.query(`SELECT r.id, ${SUMMARY_COLUMNS}, r.message, r.quote_note FROM service_requests r WHERE ${where}`, values)) as Array<
    SummaryRow & { id: string; message: string | null; quote_note: string | null }
  >;
  if (!row) return null;
  const events = (await manager.query(`SELECT from_status, to_status, actor, note, created_at FROM service_request_events WHERE request_id = $1 ORDER BY created_at, id`, [row.id])) as Array<{
    from_status: ServiceRequestStatus | null;
    to_status: ServiceRequestStatus;
    actor: string;
    note: string | null;
    created_at: Date;
  }>;
  return {
    id: row.id,
    ...mapSummary(row),
    message: row.message,
    quote_note: row.quote_note,
    events: events.map((event) => ({ ...event, created_at: event.created_at.toISOString() })),
  };
}
