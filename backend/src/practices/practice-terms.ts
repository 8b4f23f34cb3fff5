import { Body, Controller, Get, Injectable, NotFoundException, Param, Put, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { centsToDecimal, toCents } from '@dentalmarket/contracts';
import { AdminGuard } from '../auth/guards.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { Transactions } from '../database/transactions.js';
import { OPEN_BALANCE } from '../orders/place-order-sql.js';
import { PracticeIdParamDto, PracticeTermsDto, PracticeTermsUpdateDto } from './dto/practice.dto.js';

const PRACTICE_NOT_FOUND = 'Practice not found';

/**
 * A practice's payment terms (issue 36), the admin's to set: card, or invoice net N days within a
 * credit limit. A change takes the practice's row lock, as checkouts on invoice terms do, so no
 * checkout judges its credit against terms half changed. Lowering the limit below the open balance
 * is allowed: further invoice orders are refused until invoices are paid.
 */
@Injectable()
export class PracticeTermsService {
  constructor(private readonly transactions: Transactions) {}

  async get(id: number): Promise<PracticeTermsDto> {
    return this.read(id);
  }

  async set(id: number, terms: PracticeTermsUpdateDto): Promise<PracticeTermsDto> {
    const invoice = terms.payment_terms === 'invoice';
    const updated = (await this.transactions.manager.query(
      `UPDATE practices SET payment_terms = $2, net_days = $3, credit_limit_cents = $4, updated_at = now() WHERE id = $1 RETURNING id`,
      [id, terms.payment_terms, invoice ? terms.net_days : null, invoice ? toCents(terms.credit_limit!) : null],
    )) as [Array<{ id: number }>, number];
    if (updated[1] === 0) throw new NotFoundException(PRACTICE_NOT_FOUND);
    return this.read(id);
  }

  private async read(id: number): Promise<PracticeTermsDto> {
    const [row] = (await this.transactions.manager.query(
      `SELECT id, name, payment_terms, net_days, credit_limit_cents, (${OPEN_BALANCE('$1')}) AS open_cents FROM practices WHERE id = $1`,
      [id],
    )) as Array<{ id: number; name: string; payment_terms: 'card' | 'invoice'; net_days: number | null; credit_limit_cents: string | null; open_cents: string }>;
    if (!row) throw new NotFoundException(PRACTICE_NOT_FOUND);
    return {
      practice_id: row.id,
      name: row.name,
      payment_terms: row.payment_terms,
      net_days: row.net_days,
      credit_limit: row.credit_limit_cents === null ? null : centsToDecimal(Number(row.credit_limit_cents)),
      open_balance: centsToDecimal(Number(row.open_cents)),
    };
  }
}

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/practices')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin (or, on PUT, a foreign Origin)' })
export class PracticeTermsController {
  constructor(private readonly terms: PracticeTermsService) {}

  @Get(':id/terms')
  @ApiOperation({ summary: "A practice's payment terms (card, or invoice net N days within a credit limit) and its open balance" })
  @ApiOkResponse({ type: PracticeTermsDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id is not a practice id' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  get(@Param() params: PracticeIdParamDto): Promise<PracticeTermsDto> {
    return this.terms.get(params.id);
  }

  @Put(':id/terms')
  @ApiOperation({ summary: "Set a practice's payment terms: card, or invoice net N days (1-120) within a credit limit; its members then check out without card fields" })
  @ApiBodyExample(PracticeTermsUpdateDto, { payment_terms: 'invoice', net_days: 30, credit_limit: '5000.00' })
  @ApiOkResponse({ type: PracticeTermsDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is invalid (named in the message); net_days and credit_limit are required with invoice' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  set(@Param() params: PracticeIdParamDto, @Body() body: PracticeTermsUpdateDto): Promise<PracticeTermsDto> {
    return this.terms.set(params.id, body);
  }
}
