import { NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderGuideLineProblem } from '@dentalmarket/contracts';
import type { OrderGuideCartResponseDto, OrderGuideDto, OrderGuideLineDto, OrderGuideSummaryDto } from './dto/order-guide.dto.js';

/** Another practice's guide answers exactly as one that does not exist. */
export class OrderGuideNotFound extends NotFoundException {
  constructor() {
    super('No such order guide in your practice');
  }
}

/** Who last changed a guide `g`: the member's full name, else the username. */
const UPDATED_BY = `(SELECT coalesce(nullif(btrim(u.full_name), ''), u.username) FROM users u WHERE u.id = g.updated_by) AS updated_by`;
export const SUMMARY_COLUMNS = `g.id, g.name, g.created_at, g.updated_at, ${UPDATED_BY},
  (SELECT count(*)::int FROM order_guide_lines l WHERE l.guide_id = g.id) AS line_count`;

export interface SummaryRow {
  id: number;
  name: string;
  created_at: Date;
  updated_at: Date;
  updated_by: string | null;
  line_count: number;
}

/** A guide's line joined with its product as it is now (p.* NULL once the product was deleted). */
interface LineRow {
  id: number;
  product_id: number | null;
  quantity: number;
  name: string;
  manufacturer: string;
  price: string | null;
  image_url: string | null;
  slug: string | null;
  product_type: string | null;
  in_stock: boolean | null;
}

/** A line's product's name and manufacturer now, else as they were when it was added. */
const LINE_COLUMNS = `l.id, l.product_id, l.quantity, coalesce(p.name, l.name) AS name, coalesce(p.manufacturer, l.manufacturer) AS manufacturer,
  p.price::text AS price, p.image_url, p.slug, p.product_type, p.in_stock`;

/** Why a line cannot go in the cart now, as checkout would refuse it (orders.service.ts), or null. */
export function lineProblem(row: Pick<LineRow, 'product_type' | 'in_stock' | 'price'>): OrderGuideLineProblem | null {
  if (row.product_type === null || row.price === null) return 'not_found';
  if (row.product_type !== 'equipment') return 'not_equipment';
  if (!row.in_stock) return 'out_of_stock';
  return null;
}

export function mapSummary(row: SummaryRow): OrderGuideSummaryDto {
  return {
    id: row.id,
    name: row.name,
    line_count: row.line_count,
    updated_by: row.updated_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function mapLine(row: LineRow): OrderGuideLineDto {
  return {
    id: row.id,
    product_id: row.product_id,
    name: row.name,
    manufacturer: row.manufacturer,
    quantity: row.quantity,
    price: row.price,
    image_url: row.image_url,
    slug: row.slug,
    problem: lineProblem(row),
  };
}

/** A guide of the practice with its lines in order; 404 for any other. */
export async function readGuide(manager: EntityManager, practiceId: number, id: number): Promise<OrderGuideDto> {
  const [guide] = (await manager.query(`SELECT ${SUMMARY_COLUMNS} FROM order_guides g WHERE g.id = $1 AND g.practice_id = $2`, [id, practiceId])) as SummaryRow[];
  if (!guide) throw new OrderGuideNotFound();
  const lines = (await manager.query(
    `SELECT ${LINE_COLUMNS} FROM order_guide_lines l LEFT JOIN products p ON p.id = l.product_id WHERE l.guide_id = $1 ORDER BY l.position, l.id`,
    [id],
  )) as LineRow[];
  return { ...mapSummary(guide), lines: lines.map(mapLine) };
}

/**
 * 'Add all to cart' in one statement: the guide (of the practice: no row at all otherwise) with its
 * lines and their products as they are now. A guide without lines answers one row of NULLs.
 */
export const CART_LINES = `
  SELECT g.id AS guide_id, ${LINE_COLUMNS}
    FROM order_guides g
    LEFT JOIN order_guide_lines l ON l.guide_id = g.id
    LEFT JOIN products p ON p.id = l.product_id
   WHERE g.id = $1 AND g.practice_id = $2
   ORDER BY l.position, l.id`;

/** The rows of CART_LINES as the cart takes them: lines to add at today's prices, and lines skipped with why. */
export function cartResponse(rows: Array<LineRow & { guide_id: number }>): OrderGuideCartResponseDto {
  if (rows.length === 0) throw new OrderGuideNotFound();
  const answer: OrderGuideCartResponseDto = { lines: [], skipped: [] };
  for (const row of rows) {
    if (row.id === null) continue; // the guide has no lines
    const problem = lineProblem(row);
    if (problem) answer.skipped.push({ line_id: row.id, product_id: row.product_id, name: row.name, problem });
    else answer.lines.push({ id: row.product_id!, name: row.name, manufacturer: row.manufacturer, price: row.price!, image_url: row.image_url, quantity: row.quantity });
  }
  return answer;
}

/**
 * The guides of a practice left empty go with its one member to the practice they join (issue 36:
 * the practice is deleted, and its guides would go with it unseen). A name the practice joined has
 * already takes the guide's id after it, e.g. "Monthly supplies (12)".
 */
export async function moveGuides(manager: EntityManager, fromPracticeId: number, toPracticeId: number): Promise<void> {
  await manager.query(
    `UPDATE order_guides g SET practice_id = $2, updated_at = now(),
            name = CASE WHEN EXISTS (SELECT 1 FROM order_guides o WHERE o.practice_id = $2 AND lower(o.name) = lower(g.name))
                        THEN left(g.name, 100) || ' (' || g.id || ')' ELSE g.name END
      WHERE g.practice_id = $1`,
    [fromPracticeId, toPracticeId],
  );
}
