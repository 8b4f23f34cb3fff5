import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import type { AnalyticsRange } from '@dentalmarket/contracts';
import { IsCalendarDate } from '../../common/calendar-date.js';

/** ?from=&to=: UTC days, inclusive, each a real calendar day (from ≤ to and at most a year are checked together by resolveRange). */
export class AnalyticsRangeDto implements AnalyticsRange {
  @ApiPropertyOptional({ description: 'first UTC day, inclusive; default 29 days before `to`', format: 'date', example: '2026-11-01' })
  @IsOptional()
  @IsCalendarDate('2026-11-01')
  from?: string;

  @ApiPropertyOptional({ description: 'last UTC day, inclusive; default today (UTC)', format: 'date', example: '2026-11-30' })
  @IsOptional()
  @IsCalendarDate('2026-11-30')
  to?: string;
}
