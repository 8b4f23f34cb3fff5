import { Body, Controller, Delete, Get, Injectable, NotFoundException, Param, Put, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminGuard } from '../auth/guards.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { Transactions } from '../database/transactions.js';
import { PracticeTaxExemptionDto, TaxExemptionUpdateDto } from './dto/address.dto.js';
import { PracticeIdParamDto } from './dto/practice.dto.js';

const PRACTICE_NOT_FOUND = 'Practice not found';

/** Whether the practice row `p` is tax-exempt for an order placed now: a certificate valid today (UTC) or later. */
export const TAX_EXEMPT_NOW = (p: string) => `(${p}.tax_exempt_until IS NOT NULL AND ${p}.tax_exempt_until >= (now() AT TIME ZONE 'UTC')::date)`;

/**
 * A practice's tax exemption (issue 36), the admin's to record: the certificate's number and the last
 * day it is valid. An order submitted on or before that day (UTC) carries no tax and keeps a copy of
 * both; a later one pays tax again, without anyone having to remove the exemption.
 */
@Injectable()
export class TaxExemptionService {
  constructor(private readonly transactions: Transactions) {}

  async get(id: number): Promise<PracticeTaxExemptionDto> {
    const [row] = (await this.transactions.manager.query(
      `SELECT p.id, p.name, p.tax_exempt_certificate, to_char(p.tax_exempt_until, 'YYYY-MM-DD') AS tax_exempt_until, ${TAX_EXEMPT_NOW('p')} AS active FROM practices p WHERE p.id = $1`,
      [id],
    )) as Array<{ id: number; name: string; tax_exempt_certificate: string | null; tax_exempt_until: string | null; active: boolean }>;
    if (!row) throw new NotFoundException(PRACTICE_NOT_FOUND);
    return {
      practice_id: row.id,
      name: row.name,
      exemption: row.tax_exempt_certificate === null ? null : { certificate: row.tax_exempt_certificate, valid_until: row.tax_exempt_until! },
      active: row.active,
    };
  }

  /** Sets (or with null clears) the exemption; an expired date is accepted (it records the certificate, and exempts nothing). */
  async set(id: number, exemption: TaxExemptionUpdateDto | null): Promise<PracticeTaxExemptionDto> {
    const [, count] = (await this.transactions.manager.query(
      `UPDATE practices SET tax_exempt_certificate = $2, tax_exempt_until = $3::date, updated_at = now() WHERE id = $1 RETURNING id`,
      [id, exemption?.certificate ?? null, exemption?.valid_until ?? null],
    )) as [unknown[], number];
    if (count === 0) throw new NotFoundException(PRACTICE_NOT_FOUND);
    return this.get(id);
  }
}

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/practices')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin (or, on PUT and DELETE, a foreign Origin)' })
export class TaxExemptionController {
  constructor(private readonly exemptions: TaxExemptionService) {}

  @Get(':id/tax-exemption')
  @ApiOperation({ summary: "A practice's tax-exemption certificate (number and last valid day), and whether an order placed today is exempt" })
  @ApiOkResponse({ type: PracticeTaxExemptionDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id is not a practice id' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  get(@Param() params: PracticeIdParamDto): Promise<PracticeTaxExemptionDto> {
    return this.exemptions.get(params.id);
  }

  @Put(':id/tax-exemption')
  @ApiOperation({ summary: "Record a practice's tax-exemption certificate: its orders carry no tax while it is valid (through valid_until, UTC), and say why" })
  @ApiBodyExample(TaxExemptionUpdateDto, { certificate: 'OR-EX-448812', valid_until: '2027-06-30' })
  @ApiOkResponse({ type: PracticeTaxExemptionDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is invalid (named in the message)' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  set(@Param() params: PracticeIdParamDto, @Body() body: TaxExemptionUpdateDto): Promise<PracticeTaxExemptionDto> {
    return this.exemptions.set(params.id, body);
  }

  @Delete(':id/tax-exemption')
  @ApiOperation({ summary: "Remove a practice's tax exemption: its next orders carry tax; placed orders keep theirs" })
  @ApiOkResponse({ type: PracticeTaxExemptionDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id is not a practice id' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  clear(@Param() params: PracticeIdParamDto): Promise<PracticeTaxExemptionDto> {
    return this.exemptions.set(params.id, null);
  }
}
