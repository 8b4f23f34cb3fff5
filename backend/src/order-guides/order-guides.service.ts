import { BadRequestException, ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ORDER_GUIDE_LIMITS } from '@dentalmarket/contracts/order-guides';
import type { User } from '../auth/user.entity.js';
import { Transactions } from '../database/transactions.js';
import { membershipOf, type Membership } from '../practices/practices.service.js';
import type {
  OrderGuideCartResponseDto,
  OrderGuideCreateDto,
  OrderGuideDto,
  OrderGuideLineInputDto,
  OrderGuideLineUpdateDto,
  OrderGuideListResponseDto,
  OrderGuidePageQueryDto,
} from './dto/order-guide.dto.js';
import { CART_LINES, cartResponse, mapSummary, OrderGuideNotFound, readGuide, SUMMARY_COLUMNS, type SummaryRow } from './order-guide-reads.js';

const L = ORDER_GUIDE_LIMITS;
const LINE_NOT_FOUND = 'No such line on this order guide';
const TOO_MANY_LINES = `An order guide holds at most ${L.linesMax} lines: remove some before adding more`;
const TYPE_WORDS: Record<string, string> = { service: 'a service', affiliate: "a partner's product" };

/** A line to write: the product's id, name and manufacturer now (or as ordered, for a product since deleted: id null). */
interface NewLine {
  product_id: number | null;
  name: string;
  manufacturer: string;
  quantity: number;
}

function uniqueViolation(error: unknown, constraint: string): boolean {
  const pg = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const cause = pg.driverError ?? pg;
  return cause.code === '23505' && cause.constraint === constraint;
}

/**
 * A practice's order guides (issue 36): every member (owner, purchaser, assistant) lists, reads,
 * makes, edits and deletes them; a guide of another practice answers 404 as one that does not exist.
 * Each change runs in a transaction with the guide's row locked, so two members editing one guide
 * at once take turns: positions stay 0…n−1 and the line cap holds.
 */
@Injectable()
export class OrderGuidesService {
  constructor(private readonly transactions: Transactions) {}

  async list(user: User, query: OrderGuidePageQueryDto): Promise<OrderGuideListResponseDto> {
    const me = membershipOf(user);
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const manager = this.transactions.manager;
    const [rows, [{ total }]] = await Promise.all([
      manager.query(`SELECT ${SUMMARY_COLUMNS} FROM order_guides g WHERE g.practice_id = $1 ORDER BY lower(g.name), g.id LIMIT $2 OFFSET $3`, [me.practiceId, limit, (page - 1) * limit]) as Promise<SummaryRow[]>,
      manager.query(`SELECT count(*)::int AS total FROM order_guides WHERE practice_id = $1`, [me.practiceId]) as Promise<Array<{ total: number }>>,
    ]);
    return { guides: rows.map(mapSummary), total, page, limit };
  }

  async get(user: User, id: number): Promise<OrderGuideDto> {
    return readGuide(this.transactions.manager, membershipOf(user).practiceId, id);
  }

  /** POST /api/order-guides: a new guide, empty, with the lines sent, or with an order's lines. */
  async create(user: User, body: OrderGuideCreateDto): Promise<OrderGuideDto> {
    const me = membershipOf(user);
    if (body.lines && body.from_order) throw new BadRequestException('Send lines or from_order, not both');
    const ids = (body.lines ?? []).map((line) => line.product_id);
    const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
    if (repeated !== undefined) throw new BadRequestException(`lines must not repeat a product (product_id ${repeated} appears twice)`);
    return this.transactions.run(async (manager) => {
      // one practice's guides are made one at a time, so the cap holds (FK checks on the row go on)
      await manager.query(`SELECT id FROM practices WHERE id = $1 FOR NO KEY UPDATE`, [me.practiceId]);
      const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM order_guides WHERE practice_id = $1`, [me.practiceId])) as Array<{ count: number }>;
      if (count >= L.guidesMax) throw new ConflictException(`A practice keeps at most ${L.guidesMax} order guides: delete one before making another`);
      const lines = body.from_order ? await this.orderLines(manager, me, body.from_order) : await this.catalogueLines(manager, body.lines ?? []);
      const id = await this.insertGuide(manager, me, body.name);
      await this.insertLines(manager, id, 0, lines);
      return readGuide(manager, me.practiceId, id);
    });
  }

  async rename(user: User, id: number, name: string): Promise<OrderGuideDto> {
    return this.change(user, id, async (manager, me) => {
      try {
        await manager.query(`SAVEPOINT rename_guide`);
        await manager.query(`UPDATE order_guides SET name = $2 WHERE id = $1`, [id, name]);
      } catch (error) {
        if (!uniqueViolation(error, 'UQ_order_guides_practice_name')) throw error;
        await manager.query(`ROLLBACK TO SAVEPOINT rename_guide`);
        throw this.nameTaken(name);
      }
      return me;
    });
  }

  async remove(user: User, id: number): Promise<void> {
    const me = membershipOf(user);
    const deleted = (await this.transactions.manager.query(`DELETE FROM order_guides WHERE id = $1 AND practice_id = $2 RETURNING id`, [id, me.practiceId])) as [unknown[], number];
    if (deleted[1] === 0) throw new OrderGuideNotFound();
  }

  /** POST /api/order-guides/:id/lines: the product goes last, or, on the guide already, its quantity grows (to 999 at most). */
  async addLine(user: User, id: number, input: OrderGuideLineInputDto): Promise<OrderGuideDto> {
    return this.change(user, id, async (manager) => {
      const [raised] = (await manager.query(
        `UPDATE order_guide_lines SET quantity = least(quantity + $3, ${L.quantityMax}) WHERE guide_id = $1 AND product_id = $2 RETURNING id`,
        [id, input.product_id, input.quantity],
      )) as [unknown[], number];
      if ((raised as unknown[]).length > 0) return;
      const count = await this.lineCount(manager, id);
      if (count >= L.linesMax) throw new ConflictException(TOO_MANY_LINES);
      await this.insertLines(manager, id, count, await this.catalogueLines(manager, [input]));
    });
  }

  /** PATCH /api/order-guides/:id/lines/:lineId: a new quantity and/or a new place (the lines between move by one). */
  async updateLine(user: User, id: number, lineId: number, change: OrderGuideLineUpdateDto): Promise<OrderGuideDto> {
    if (change.quantity === undefined && change.position === undefined) throw new BadRequestException('Send quantity, position or both');
    return this.change(user, id, async (manager) => {
      const [line] = (await manager.query(`SELECT position FROM order_guide_lines WHERE id = $1 AND guide_id = $2`, [lineId, id])) as Array<{ position: number }>;
      if (!line) throw new NotFoundException(LINE_NOT_FOUND);
      if (change.quantity !== undefined) await manager.query(`UPDATE order_guide_lines SET quantity = $2 WHERE id = $1`, [lineId, change.quantity]);
      if (change.position === undefined) return;
      const to = Math.min(change.position, (await this.lineCount(manager, id)) - 1);
      const from = line.position;
      if (to === from) return;
      if (to < from) await manager.query(`UPDATE order_guide_lines SET position = position + 1 WHERE guide_id = $1 AND position >= $2 AND position < $3`, [id, to, from]);
      else await manager.query(`UPDATE order_guide_lines SET position = position - 1 WHERE guide_id = $1 AND position > $2 AND position <= $3`, [id, from, to]);
      await manager.query(`UPDATE order_guide_lines SET position = $2 WHERE id = $1`, [lineId, to]);
    });
  }

  /** DELETE /api/order-guides/:id/lines/:lineId: the lines after it move up one. */
  async removeLine(user: User, id: number, lineId: number): Promise<OrderGuideDto> {
    return this.change(user, id, async (manager) => {
      const [removed] = (await manager.query(`DELETE FROM order_guide_lines WHERE id = $1 AND guide_id = $2 RETURNING position`, [lineId, id])) as [Array<{ position: number }>, number];
      if (removed.length === 0) throw new NotFoundException(LINE_NOT_FOUND);
      await manager.query(`UPDATE order_guide_lines SET position = position - 1 WHERE guide_id = $1 AND position > $2`, [id, removed[0]!.position]);
    });
  }

  /**
   * POST /api/order-guides/:id/add-to-cart: the lines as the cart takes them, at today's prices, and
   * the lines that cannot be ordered now (deleted, no longer equipment, out of stock), each named
   * with why. One prepared statement; nothing is written (the cart is the browser's).
   */
  async cartLines(user: User, id: number): Promise<OrderGuideCartResponseDto> {
    const me = membershipOf(user);
    const rows = await this.transactions.prepared('order-guide-cart-lines', CART_LINES, [id, me.practiceId]);
    return cartResponse(rows as Parameters<typeof cartResponse>[0]);
  }

  /** Runs `work` with the practice's guide `id` locked, marks the guide changed by `user`, and answers it as it is then. */
  private async change(user: User, id: number, work: (manager: EntityManager, me: Membership) => Promise<unknown>): Promise<OrderGuideDto> {
    const me = membershipOf(user);
    return this.transactions.run(async (manager) => {
      const [guide] = (await manager.query(`SELECT id FROM order_guides WHERE id = $1 AND practice_id = $2 FOR UPDATE`, [id, me.practiceId])) as unknown[];
      if (!guide) throw new OrderGuideNotFound();
      await work(manager, me);
      await manager.query(`UPDATE order_guides SET updated_at = now(), updated_by = $2 WHERE id = $1`, [id, me.userId]);
      return readGuide(manager, me.practiceId, id);
    });
  }

  private nameTaken(name: string): ConflictException {
    return new ConflictException(`Your practice has an order guide named “${name}” already: choose another name`);
  }

  private async insertGuide(manager: EntityManager, me: Membership, name: string): Promise<number> {
    try {
      await manager.query(`SAVEPOINT create_guide`);
      const [row] = (await manager.query(`INSERT INTO order_guides (practice_id, name, created_by, updated_by) VALUES ($1, $2, $3, $3) RETURNING id`, [me.practiceId, name, me.userId])) as Array<{ id: number }>;
      return row!.id;
    } catch (error) {
      if (!uniqueViolation(error, 'UQ_order_guides_practice_name')) throw error;
      await manager.query(`ROLLBACK TO SAVEPOINT create_guide`);
      throw this.nameTaken(name);
    }
  }

  private async lineCount(manager: EntityManager, id: number): Promise<number> {
    const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM order_guide_lines WHERE guide_id = $1`, [id])) as Array<{ count: number }>;
    return count;
  }

  /** The products of `inputs` as lines; 422 naming the first that is not in the catalogue or not equipment. */
  private async catalogueLines(manager: EntityManager, inputs: OrderGuideLineInputDto[]): Promise<NewLine[]> {
    if (inputs.length === 0) return [];
    const products = (await manager.query(`SELECT id, name, manufacturer, product_type FROM products WHERE id = ANY($1::int[])`, [inputs.map((line) => line.product_id)])) as Array<{
      id: number;
      name: string;
      manufacturer: string;
      product_type: string;
    }>;
    const byId = new Map(products.map((product) => [product.id, product]));
    return inputs.map((input) => {
      const product = byId.get(input.product_id);
      if (!product) throw new UnprocessableEntityException(`product_id ${input.product_id} is not in the catalogue`);
      if (product.product_type !== 'equipment') throw new UnprocessableEntityException(`“${product.name}” is ${TYPE_WORDS[product.product_type] ?? 'not equipment'}: only equipment goes on an order guide`);
      return { product_id: product.id, name: product.name, manufacturer: product.manufacturer, quantity: input.quantity };
    });
  }

  /** An order's lines (of the practice; 404 otherwise) with their quantities; a product deleted since keeps its name, without an id. */
  private async orderLines(manager: EntityManager, me: Membership, number: string): Promise<NewLine[]> {
    const lines = (await manager.query(
      `SELECT o.id AS order_id, p.id AS product_id, coalesce(p.name, l.name) AS name, coalesce(p.manufacturer, l.manufacturer) AS manufacturer, least(l.quantity, ${L.quantityMax}) AS quantity
         FROM orders o
         LEFT JOIN order_lines l ON l.order_id = o.id
         LEFT JOIN products p ON p.id = l.product_id
        WHERE o.number = $1 AND o.practice_id = $2
        ORDER BY l.position`,
      [number, me.practiceId],
    )) as Array<NewLine & { order_id: string }>;
    if (lines.length === 0) throw new NotFoundException('No order with this number in your practice');
    return lines.filter((line) => line.quantity !== null).slice(0, L.linesMax);
  }

  private async insertLines(manager: EntityManager, guideId: number, first: number, lines: NewLine[]): Promise<void> {
    if (lines.length === 0) return;
    await manager.query(
      `INSERT INTO order_guide_lines (guide_id, position, product_id, name, manufacturer, quantity)
       SELECT $1, $2 + l.n - 1, l.product_id, l.name, l.manufacturer, l.quantity
         FROM unnest($3::int[], $4::text[], $5::text[], $6::int[]) WITH ORDINALITY AS l(product_id, name, manufacturer, quantity, n)`,
      [guideId, first, lines.map((l) => l.product_id), lines.map((l) => l.name), lines.map((l) => l.manufacturer), lines.map((l) => l.quantity)],
    );
  }
}
