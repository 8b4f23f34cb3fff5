import { BadRequestException, Body, ConflictException, Controller, Get, Injectable, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { EntityManager } from 'typeorm';
import { centsToDecimal, toCents, utcDay } from '@dentalmarket/contracts';
import { alreadyPaidMessage, cancelledInvoiceMessage, notInvoiceMessage, overPaymentMessage, PAYMENT_DATE_FUTURE } from '@dentalmarket/contracts/practices';
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
import { AdminActor } from '../auth/admin-actor.decorator.js';
import { AdminGuard } from '../auth/guards.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { Transactions } from '../database/transactions.js';
import { SUPPLIER_SEES } from '../orders/admin-order-queries.js';
import { OrderNumberParamDto } from '../orders/dto/order-requests.dto.js';
import { OrderNotFound } from '../orders/order.errors.js';
import { normaliseOrderNumber } from '../orders/order-number.js';
import { OrderPaymentCreateDto, OrderPaymentsDto } from './dto/payment.dto.js';

interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  total_cents: string;
  paid_cents: string;
  payment_due_at: Date | null;
  paid_at: Date | null;
}

/**
 * The admin's record of an invoice's payments (issue 36). Recording one locks the order's row first,
 * so two admins' payments of one invoice happen one after the other and the second is judged against
 * what the first left outstanding: together they never pay more than the total. The payment row, the
 * order's paid sum and (when it reaches the total) its paid_at are written in one transaction; the
 * practice's open balance counts what is outstanding from then on.
 */
@Injectable()
export class InvoicePaymentsService {
  constructor(private readonly transactions: Transactions) {}

  async list(number: string): Promise<OrderPaymentsDto> {
    const order = await this.invoice(this.transactions.manager, number, false);
    return this.read(this.transactions.manager, order);
  }

  async record(number: string, payment: OrderPaymentCreateDto, actor: string): Promise<OrderPaymentsDto> {
    // a day later than today anywhere on earth (UTC+14) is in the future
    if (payment.paid_on > utcDay(new Date(Date.now() + 14 * 3_600_000))) throw new BadRequestException(PAYMENT_DATE_FUTURE);
    const cents = toCents(payment.amount);
    if (cents <= 0) throw new BadRequestException('amount must be more than 0.00');
    return this.transactions.run(async (manager) => {
      const order = await this.invoice(manager, number, true);
      const outstanding = Number(order.total_cents) - Number(order.paid_cents);
      if (order.paid_at || outstanding <= 0) throw new ConflictException(alreadyPaidMessage(order.number));
      if (cents > outstanding) throw new ConflictException(overPaymentMessage(order.number, centsToDecimal(cents), centsToDecimal(outstanding)));
      await manager.query(`INSERT INTO order_payments (order_id, amount_cents, paid_on, reference, note, recorded_by) VALUES ($1, $2, $3, $4, $5, $6)`, [
        order.id,
        cents,
        payment.paid_on,
        payment.reference ?? null,
        payment.note ?? null,
        actor,
      ]);
      const [[updated]] = (await manager.query(
        `UPDATE orders SET paid_cents = paid_cents + $2, paid_at = CASE WHEN paid_cents + $2 >= total_cents THEN now() END, updated_at = now()
          WHERE id = $1 RETURNING id, number, status, total_cents, paid_cents, payment_due_at, paid_at`,
        [order.id, cents],
      )) as [InvoiceRow[], number];
      return this.read(manager, updated!);
    });
  }

  /** The supplier's order by number, an invoice: 404 for none, 409 for a card order (or, to pay, a cancelled one). */
  private async invoice(manager: EntityManager, number: string, forPayment: boolean): Promise<InvoiceRow> {
    const [order] = (await manager.query(
      `SELECT id, number, status, total_cents, paid_cents, payment_due_at, paid_at FROM orders o WHERE number = $1 AND ${SUPPLIER_SEES}${forPayment ? ' FOR UPDATE' : ''}`,
      [normaliseOrderNumber(number)],
    )) as InvoiceRow[];
    if (!order) throw new OrderNotFound();
    if (!order.payment_due_at) throw new ConflictException(notInvoiceMessage(order.number));
    if (forPayment && order.status === 'cancelled') throw new ConflictException(cancelledInvoiceMessage(order.number));
    return order;
  }

  private async read(manager: EntityManager, order: InvoiceRow): Promise<OrderPaymentsDto> {
    const payments = (await manager.query(
      `SELECT id::int, amount_cents, to_char(paid_on, 'YYYY-MM-DD') AS paid_on, reference, note, recorded_by, created_at FROM order_payments WHERE order_id = $1 ORDER BY id`,
      [order.id],
    )) as Array<{ id: number; amount_cents: string; paid_on: string; reference: string | null; note: string | null; recorded_by: string; created_at: Date }>;
    return {
      number: order.number,
      total: centsToDecimal(Number(order.total_cents)),
      amount_paid: centsToDecimal(Number(order.paid_cents)),
      outstanding: centsToDecimal(order.status === 'cancelled' ? 0 : Number(order.total_cents) - Number(order.paid_cents)),
      payment_due_at: order.payment_due_at!.toISOString(),
      paid_at: order.paid_at?.toISOString() ?? null,
      payments: payments.map(({ amount_cents, created_at, ...payment }) => ({ ...payment, amount: centsToDecimal(Number(amount_cents)), created_at: created_at.toISOString() })),
    };
  }
}

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/orders')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin (or, on POST, a foreign Origin)' })
export class InvoicePaymentsController {
  constructor(private readonly payments: InvoicePaymentsService) {}

  @Get(':number/payments')
  @ApiKeyScope('orders:read')
  @ApiOperation({ summary: "An invoice's payments, what is paid and what is outstanding (issue 36)" })
  @ApiOkResponse({ type: OrderPaymentsDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'number is not an order number (over 40 characters)' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such order' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the order was paid by card: it has no invoice' })
  list(@Param() params: OrderNumberParamDto): Promise<OrderPaymentsDto> {
    return this.payments.list(params.number);
  }

  @Post(':number/payments')
  @ApiKeyScope('orders:write')
  @ApiOperation({ summary: 'Record a payment of an invoice, in part or in full; the invoice is paid when payments reach its total (issue 36)' })
  @ApiBodyExample(OrderPaymentCreateDto, { amount: '120.00', paid_on: '2026-01-31', reference: 'Cheque 004512' })
  @ApiCreatedResponse({ type: OrderPaymentsDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is invalid (named in the message): amount, a day in the future, reference or note too long' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such order' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'more than is outstanding (the message names it), an invoice paid in full, a cancelled order, or a card order' })
  record(@Param() params: OrderNumberParamDto, @Body() body: OrderPaymentCreateDto, @AdminActor() actor: string): Promise<OrderPaymentsDto> {
    return this.payments.record(params.number, body, actor);
  }
}
