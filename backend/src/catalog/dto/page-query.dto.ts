import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LIMITS } from '@dentalmarket/contracts';

/** Default page size of the array endpoints (SPEC §7 answers them as plain arrays). */
export const DEFAULT_ARRAY_LIMIT = 100;

/** `limit` and `page` of the array endpoints; the rest of the list is described in headers. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: LIMITS.productSearchFetchLimit, default: DEFAULT_ARRAY_LIMIT, description: 'products per page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(LIMITS.productSearchFetchLimit)
  limit?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: LIMITS.pageMax, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(LIMITS.pageMax)
  page?: number;
}

/** One page of a list, as services return it; `PagedArrayInterceptor` turns it into array + headers. */
export interface Page<T> {
  items: T[];
  /** exact up to the cap (product-queries.ts TOTAL_CAP), else the cap */
  total: number;
  /** true when there are more than `total` items */
  totalCapped?: boolean;
  page: number;
  limit: number;
}
