import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import type { AnalyticsRange } from '@dentalmarket/contracts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** ?from=&to=: UTC days, inclusive (checked together by the service: real dates, from ≤ to, at most a year). */
export class AnalyticsRangeDto implements AnalyticsRange {
  @ApiPropertyOptional({ description: 'first UTC day, inclusive; default 29 days before `to`', example: '2026-11-01' })
  @IsOptional()
  @Matches(ISO_DATE, { message: 'from must be a date such as 2026-11-01' })
  from?: string;

  @ApiPropertyOptional({ description: 'last UTC day, inclusive; default today (UTC)', example: '2026-11-30' })
  @IsOptional()
  @Matches(ISO_DATE, { message: 'to must be a date such as 2026-11-30' })
  to?: string;
}
