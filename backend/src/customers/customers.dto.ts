import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  CUSTOMER_SORT_FIELDS,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerListResponse,
  type CustomerRow,
  type CustomerSortField,
  LIMITS,
  USER_ROLES,
  type UserRole,
} from '@dentalmarket/contracts';
import { OrderSummaryDto } from '../orders/dto/order.dto.js';
import { PageQuery } from '../common/list-page-query.dto.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** GET /api/admin/customers: search, role, sort, one page (at most 100 rows). */
export class CustomerListQueryDto extends PageQuery(25, 100) implements CustomerListQuery {
  @ApiPropertyOptional({
    description:
      'the start of a username or email (`jane`, `jane@`), an email domain (`@clinic.example`, `clinic.example`), or the starts of words of the full name (`smith`, `Jane Sm` finds "Dr. Jane Smith"); case-insensitive',
    maxLength: 200,
  })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ enum: USER_ROLES })
  @IsOptional()
  @IsIn(USER_ROLES, { message: `role must be one of: ${USER_ROLES.join(', ')}` })
  role?: UserRole;

  @ApiPropertyOptional({ enum: CUSTOMER_SORT_FIELDS, default: 'registered' })
  @IsOptional()
  @IsIn(CUSTOMER_SORT_FIELDS, { message: `sort must be one of: ${CUSTOMER_SORT_FIELDS.join(', ')}` })
  sort?: CustomerSortField;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'direction must be asc or desc' })
  direction?: 'asc' | 'desc';
}

export class CustomerIdParamDto {
  @ApiProperty({ minimum: 1, example: 12 }) @Type(() => Number) @IsInt({ message: 'id must be an account id' }) @Min(1) @Max(LIMITS.idMax)
  id: number;
}

export class CustomerRowDto implements CustomerRow {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: 'dr.smith' }) username: string;
  @ApiProperty({ example: 'jane.smith@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: 'Dr. Jane Smith' }) full_name: string | null;
  @ApiProperty({ enum: USER_ROLES }) role: UserRole;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) registered_at: string;
  @ApiProperty({ type: String, nullable: true, description: 'when an admin disabled the account; null while it may sign in' }) disabled_at: string | null;
  @ApiProperty({ example: 3, description: 'orders placed while signed in to the account, any status' }) orders: number;
  @ApiProperty({ example: '2820.84', description: 'their total in dollars, cancelled orders excluded' }) total_spent: string;
  @ApiProperty({ type: String, nullable: true }) last_order_at: string | null;
}

export class CustomerListResponseDto implements CustomerListResponse {
  @ApiProperty({ type: [CustomerRowDto] }) customers: CustomerRowDto[];
  @ApiProperty({ example: 42, description: 'exact; with a search counted up to 1,000 (then 1,000 with total_capped)' }) total: number;
  @ApiPropertyOptional({ description: 'the search matched more than `total` accounts' }) total_capped?: boolean;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class CustomerDetailDto extends CustomerRowDto implements CustomerDetail {
  @ApiProperty({ type: [OrderSummaryDto], description: 'the 10 newest orders' }) recent_orders: OrderSummaryDto[];
  @ApiPropertyOptional({ type: Number, nullable: true, example: 7, description: "the shopper's practice (its payment terms: /api/admin/practices/{id}/terms); null for an admin" })
  practice_id?: number | null;
}
