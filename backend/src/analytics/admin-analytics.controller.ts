import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import type { OrdersPerDay, PartnerClicksReport, SearchTermsReport } from '@dentalmarket/contracts';
import { AdminGuard } from '../auth/guards.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { AdminAnalyticsService, resolveRange } from './admin-analytics.service.js';
import { AnalyticsRangeDto } from './dto/analytics-range.dto.js';

class OrdersDayDto {
  @ApiProperty({ example: '2026-11-24' }) day: string;
  @ApiProperty({ example: 42 }) orders: number;
  @ApiProperty({ example: '12840.50', description: 'dollars, cancelled orders excluded' }) revenue: string;
}
class OrdersTotalsDto {
  @ApiProperty() orders: number;
  @ApiProperty({ example: '385215.00' }) revenue: string;
}
class OrdersPerDayDto implements OrdersPerDay {
  @ApiProperty({ example: '2026-10-26' }) from: string;
  @ApiProperty({ example: '2026-11-24' }) to: string;
  @ApiProperty({ type: [OrdersDayDto], description: 'every day of the range, zeros included' }) days: OrdersDayDto[];
  @ApiProperty({ type: OrdersTotalsDto }) totals: OrdersTotalsDto;
}
class ClicksDayDto {
  @ApiProperty({ example: '2026-11-24' }) day: string;
  @ApiProperty({ example: 17 }) clicks: number;
}
class PartnerClicksDto {
  @ApiProperty({ example: 'Meridian' }) manufacturer: string;
  @ApiProperty({ example: 120 }) clicks: number;
}
class PartnerClicksReportDto implements PartnerClicksReport {
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty({ type: [ClicksDayDto] }) days: ClicksDayDto[];
  @ApiProperty({ type: [PartnerClicksDto], description: 'the 20 partners with the most clicks, most first' }) partners: PartnerClicksDto[];
  @ApiProperty({ description: "the other partners' clicks" }) others: number;
  @ApiProperty() total: number;
}
class SearchTermDto {
  @ApiProperty({ example: 'implant' }) term: string;
  @ApiProperty({ example: 310 }) searches: number;
  @ApiProperty({ example: 0 }) zero_results: number;
}
class NoResultTermDto {
  @ApiProperty({ example: 'zirconia bur' }) term: string;
  @ApiProperty({ example: 12, description: 'searches that found nothing' }) searches: number;
}
class SearchTermsReportDto implements SearchTermsReport {
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty({ type: [SearchTermDto] }) top: SearchTermDto[];
  @ApiProperty({ type: [NoResultTermDto] }) no_results: NoResultTermDto[];
}

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/analytics')
@UseGuards(AdminGuard)
@ApiBadRequestResponse({ type: ApiErrorDto, description: 'a date that is not a real date, from after to, or more than 366 days' })
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin' })
export class AdminAnalyticsController {
  constructor(private readonly analytics: AdminAnalyticsService) {}

  @Get('orders')
  @ApiOperation({ summary: 'Orders placed and revenue per UTC day' })
  @ApiOkResponse({ type: OrdersPerDayDto })
  orders(@Query() query: AnalyticsRangeDto): Promise<OrdersPerDay> {
    return this.analytics.orders(resolveRange(query));
  }

  @Get('partner-clicks')
  @ApiOperation({ summary: 'Partner clicks per UTC day and per partner (manufacturer)' })
  @ApiOkResponse({ type: PartnerClicksReportDto })
  partnerClicks(@Query() query: AnalyticsRangeDto): Promise<PartnerClicksReport> {
    return this.analytics.partnerClicks(resolveRange(query));
  }

  @Get('partner-clicks.csv')
  @ApiOperation({ summary: 'Partner clicks per day, partner and product as CSV, streamed' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'header day,manufacturer,product_id,product_name,clicks', schema: { type: 'string', example: 'day,manufacturer,product_id,product_name,clicks' } })
  async partnerClicksCsv(@Query() query: AnalyticsRangeDto, @Res() response: Response): Promise<void> {
    await this.analytics.partnerClicksCsv(resolveRange(query), response);
  }

  @Get('searches')
  @ApiOperation({ summary: 'The most searched terms, and the terms that found nothing' })
  @ApiOkResponse({ type: SearchTermsReportDto })
  searches(@Query() query: AnalyticsRangeDto): Promise<SearchTermsReport> {
    return this.analytics.searches(resolveRange(query));
  }
}
