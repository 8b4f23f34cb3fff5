import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import {
  LIMITS,
  PRODUCT_SORTS,
  PRODUCT_TYPES,
  type ProductListFilter,
  type ProductSort,
  type ProductType,
} from '@dentalmarket/contracts';

export const DEFAULT_PRODUCT_LIMIT = 50;

/** "true"/"1" and "false"/"0"; anything else stays as given and fails @IsBoolean. */
export const toBoolean = ({ value }: { value: unknown }) => {
  if (value === 'true' || value === '1' || value === true) return true;
  if (value === 'false' || value === '0' || value === false) return false;
  return value;
};

/** What is wrong with an `ids` list ("1,2,3"), or null: 1 to 100 distinct ids, each 1…idMax. */
export function idsProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'ids must list at least one product id, e.g. ids=1,2,3';
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length > LIMITS.productIdsMax) return `ids must list at most ${LIMITS.productIdsMax} product ids, not ${parts.length}`;
  const bad = parts.find((part) => !/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > LIMITS.idMax);
  if (bad !== undefined) return `ids must be positive whole numbers separated by commas ('${bad.slice(0, 20)}' is not)`;
  const repeated = parts.find((part, i) => parts.findIndex((other) => Number(other) === Number(part)) !== i);
  if (repeated !== undefined) return `ids must not repeat an id (${Number(repeated)} appears twice)`;
  return null;
}

/** The ids of a valid `ids` list (see idsProblem). */
export const parseIds = (value: string): number[] => value.split(',').map(Number);

/** The product list filter of SPEC §3; every field optional. */
export class ListProductsQueryDto implements ProductListFilter {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(LIMITS.slugMax)
  categorySlug?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(LIMITS.slugMax)
  subcategorySlug?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: LIMITS.idMax }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(LIMITS.idMax)
  subcategoryId?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: LIMITS.idMax }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(LIMITS.idMax)
  categoryId?: number;

  @ApiPropertyOptional({ enum: PRODUCT_TYPES })
  @IsOptional()
  @IsIn(PRODUCT_TYPES, { message: `productType must be one of: ${PRODUCT_TYPES.join(', ')}` })
  productType?: ProductType;

  @ApiPropertyOptional() @IsOptional() @Transform(toBoolean) @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;

  @ApiPropertyOptional() @IsOptional() @Transform(toBoolean) @IsBoolean({ message: 'new must be true or false' })
  new?: boolean;

  @ApiPropertyOptional({ description: 'case-insensitive match on name or description' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ enum: PRODUCT_SORTS, description: 'default: by name' })
  @IsOptional()
  @IsIn(PRODUCT_SORTS, { message: `sort must be one of: ${PRODUCT_SORTS.join(', ')}` })
  sort?: ProductSort;

  @ApiPropertyOptional({ minimum: 1, maximum: LIMITS.productSearchFetchLimit, default: DEFAULT_PRODUCT_LIMIT })
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

  @ApiPropertyOptional() @IsOptional() @Transform(toBoolean) @IsBoolean({ message: 'inStock must be true or false' })
  inStock?: boolean;

  @ApiPropertyOptional({
    example: '12,7,31',
    description: `comma-separated product ids, 1 to ${LIMITS.productIdsMax} distinct: every match in one answer whatever the limit; unknown ids are simply absent`,
  })
  @IsOptional()
  @ValidateBy({ name: 'productIds', validator: { validate: (value) => idsProblem(value) === null, defaultMessage: (args) => idsProblem(args?.value) ?? '' } })
  ids?: string;
}
