import { Controller, Get, Injectable, Param, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
import { AdminGuard, AuthenticatedGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { Transactions } from '../database/transactions.js';
import { SUPPLIER_SEES } from '../orders/admin-order-queries.js';
import { OrderNumberParamDto } from '../orders/dto/order-requests.dto.js';
import { OrderNotFound } from '../orders/order.errors.js';
import { normaliseOrderNumber } from '../orders/order-number.js';
import { ownRecords, readOrder, recordsOwner } from '../orders/order-reads.js';
import { invoicePdf } from './invoice-pdf.js';

/** The 200's media type named here, not with @ApiProduces: that would type the JSON errors as PDF too. */
const PDF_RESPONSE = { description: 'the invoice as a PDF (A4), as a download named invoice-<number>.pdf', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };

/**
 * An order's PDF invoice (issue 36): the practice's members read their practice's orders' (404 for
 * any other, as for none), the admin any order the supplier sees. Drawn per request (invoice-pdf.ts):
 * payments recorded since show at once.
 */
@Injectable()
export class InvoiceDocuments {
  constructor(private readonly transactions: Transactions) {}

  async render(where: string, values: unknown[], response: Response): Promise<void> {
    const manager = this.transactions.manager;
    const order = await readOrder(manager, where, values);
    if (!order) throw new OrderNotFound();
    const [practice] = (await manager.query(`SELECT p.name FROM orders o JOIN practices p ON p.id = o.practice_id WHERE o.number = $1`, [order.number])) as Array<{ name: string }>;
    const pdf = await invoicePdf(order, practice?.name ?? null);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `attachment; filename="invoice-${order.number}.pdf"`);
    response.setHeader('Cache-Control', 'private, no-store');
    response.end(pdf);
  }
}

@ApiTags('orders')
@Controller('orders')
export class PracticeInvoiceController {
  constructor(private readonly documents: InvoiceDocuments) {}

  @Get(':number/invoice.pdf')
  @UseGuards(AuthenticatedGuard)
  @ApiCookieAuth()
  @ApiOperation({ summary: "The PDF invoice of one of the practice's orders (any member)" })
  @ApiOkResponse(PDF_RESPONSE)
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'number is not an order number (over 40 characters)' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "no such order among the practice's (another practice's answers the same)" })
  async pdf(@Req() request: Request, @Param() params: OrderNumberParamDto, @Res() response: Response): Promise<void> {
    const user = request.user as User;
    await this.documents.render(`o.number = $1 AND ${ownRecords('o', 2, user)} AND ${SUPPLIER_SEES}`, [normaliseOrderNumber(params.number), recordsOwner(user)], response);
  }
}

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/orders')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin' })
export class AdminInvoiceController {
  constructor(private readonly documents: InvoiceDocuments) {}

  @Get(':number/invoice.pdf')
  @ApiKeyScope('orders:read')
  @ApiOperation({ summary: "An order's PDF invoice" })
  @ApiOkResponse(PDF_RESPONSE)
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'number is not an order number (over 40 characters)' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such order' })
  async pdf(@Param() params: OrderNumberParamDto, @Res() response: Response): Promise<void> {
    await this.documents.render(`o.number = $1 AND ${SUPPLIER_SEES}`, [normaliseOrderNumber(params.number)], response);
  }
}
