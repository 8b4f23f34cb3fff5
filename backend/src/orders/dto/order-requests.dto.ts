import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { type AdminOrderListQuery, type OrderDecline, type OrderLookupRequest, type OrderStatusChange, SUPPLIER_ORDER_STATUSES, type SupplierOrderStatus } from '@dentalmarket/contracts';
import { PRACTICE_LIMITS } from '@dentalmarket/contracts/practices';
import { IsCalendarDate } from '../../common/calendar-date.js';
import { ListPageQueryDto } from '../../common/list-page-query.dto.js';
import { normaliseOrderNumber, ORDER_NUMBER_PATTERN } from '../order-number.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** GET /api/orders: the shopper's own orders, newest first. */
export class OrderPageQueryDto extends ListPageQueryDto {}

export class AdminOrderListQueryDto extends OrderPageQueryDto implements AdminOrderListQuery {
  @ApiPropertyOptional({ description: 'an order number, or part of an email or name (case-insensitive)', example: 'smith', maxLength: 200 })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ enum: SUPPLIER_ORDER_STATUSES, description: 'the supplier sees placed orders only: never one awaiting approval, declined or expired' })
  @IsOptional()
  @IsIn(SUPPLIER_ORDER_STATUSES, { message: `status must be one of: ${SUPPLIER_ORDER_STATUSES.join(', ')}` })
  status?: SupplierOrderStatus;

  @ApiPropertyOptional({ description: 'first day (UTC), inclusive', format: 'date', example: '2026-01-01' })
  @IsOptional()
  @IsCalendarDate('2026-01-31')
  from?: string;

  @ApiPropertyOptional({ description: 'last day (UTC), inclusive', format: 'date', example: '2026-01-31' })
  @IsOptional()
  @IsCalendarDate('2026-01-31')
  to?: string;

  @ApiPropertyOptional({ enum: ['created_at', 'total'], default: 'created_at' })
  @IsOptional()
  @IsIn(['created_at', 'total'], { message: 'sort must be created_at or total' })
  sort?: 'created_at' | 'total';

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc' })
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'issue 36: true for only the unpaid invoices past their due date, the longest overdue first (sort and order then do not apply)' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'overdue must be true or false' })
  overdue?: 'true' | 'false';
}

export class OrderNumberParamDto {
  @ApiProperty({ example: 'DM-7K3QX9' })
  @IsString()
  @MaxLength(40)
  number: string;
}

export class OrderLookupDto implements OrderLookupRequest {
  @ApiProperty({ example: 'DM-7K3QX9' })
  @Transform(({ value }) => (typeof value === 'string' ? normaliseOrderNumber(value) : value))
  @IsString({ message: 'number: an order number such as DM-7K3QX9 is required' })
  @Matches(ORDER_NUMBER_PATTERN, { message: 'number: an order number such as DM-7K3QX9 is required' })
  number: string;

  @ApiProperty({ example: 'jane.smith@example.com' })
  @Transform(trimmed)
  @IsString({ message: 'email: Valid email is required' })
  @IsEmail({}, { message: 'email: Valid email is required' })
  @MaxLength(254)
  email: string;
}

export class OrderStatusChangeDto implements OrderStatusChange {
  @ApiProperty({ enum: SUPPLIER_ORDER_STATUSES, example: 'shipped' })
  @IsIn(SUPPLIER_ORDER_STATUSES, { message: `status must be one of: ${SUPPLIER_ORDER_STATUSES.join(', ')}` })
  status: SupplierOrderStatus;

  @ApiPropertyOptional({ description: "required when cancelling (the reason, sent to the shopper)", maxLength: 1000 })
  @ValidateIf((change: OrderStatusChangeDto) => change.status === 'cancelled' || change.note !== undefined)
  @Transform(trimmed)
  @IsString({ message: 'note: a reason is required to cancel an order' })
  @IsNotEmpty({ message: 'note: a reason is required to cancel an order' })
  @MaxLength(1000)
  note?: string;

  @ApiPropertyOptional({ description: 'only with shipped', example: 'UPS', maxLength: 100 })
  @ValidateIf((change: OrderStatusChangeDto) => change.carrier !== undefined)
  @Transform(trimmed)
  @IsString()
  @MaxLength(100)
  carrier?: string;

  @ApiPropertyOptional({ description: 'only with shipped', example: '1Z999AA10123456784', maxLength: 100 })
  @ValidateIf((change: OrderStatusChangeDto) => change.tracking_number !== undefined)
  @Transform(trimmed)
  @IsString()
  @MaxLength(100)
  tracking_number?: string;
}

/** POST /api/orders/:number/decline (issue 36): the owner's reason, emailed to the member who submitted the order. */
export class OrderDeclineDto implements OrderDecline {
  @ApiProperty({ example: 'We ordered these last week; wait for the next month', maxLength: PRACTICE_LIMITS.declineReasonMax })
  @Transform(trimmed)
  @IsString({ message: 'reason: a reason is required to decline an order' })
  @IsNotEmpty({ message: 'reason: a reason is required to decline an order' })
  @MaxLength(PRACTICE_LIMITS.declineReasonMax, { message: `reason must be at most ${PRACTICE_LIMITS.declineReasonMax} characters` })
  reason: string;
}
