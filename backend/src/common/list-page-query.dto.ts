import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LIMITS } from '@dentalmarket/contracts';

/**
 * `page` and `limit` of a paged list (issue 34: one paging DTO): pages from 1 up to `LIMITS.pageMax`,
 * `defaultLimit` rows a page unless asked, `maxLimit` at most. A list's query DTO extends the class
 * this makes; its service applies the same default.
 */
export function PageQuery(defaultLimit: number, maxLimit: number) {
  class PageQueryDto {
    @ApiPropertyOptional({ minimum: 1, maximum: LIMITS.pageMax, default: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(LIMITS.pageMax)
    page?: number;

    @ApiPropertyOptional({ minimum: 1, maximum: maxLimit, default: defaultLimit }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(maxLimit)
    limit?: number;
  }
  return PageQueryDto;
}

/** The lists an account or an admin pages through (orders, service requests, order guides): 20 a page by default, 100 at most. */
export class ListPageQueryDto extends PageQuery(20, 100) {}
