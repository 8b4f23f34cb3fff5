import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateBy, type ValidationArguments } from 'class-validator';
import {
  LIMITS,
  PRODUCT_SORTS,
  PRODUCT_TYPES,
  type ProductSearchFilter,
  type ProductSort,
  type ProductType,
  SEARCH_LIMITS,
} from '@dentalmarket/contracts';
import { MONEY } from '../../common/canonical-number.js';

export const DEFAULT_PRODUCT_LIMIT = 50;

/** "true"/"1" and "false"/"0"; anything else stays as given and fails @IsBoolean. */
export const toBoolean = ({ value }: { value: unknown }) => {
  if (value === 'true' || value === '1' || value === true) return true;
  if (value === 'false' || value === '0' || value === false) return false;
  return value;
};

/** What is wrong with an `ids` list ("1,2,3"), or null: 1 to 100 distinct ids, each 1…idMax in plain digits. */
export function idsProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'ids must list at least one product id, e.g. ids=1,2,3';
  const parts = value.split(',');
  if (parts.length > LIMITS.productIdsMax) return `ids must list at most ${LIMITS.productIdsMax} product ids, not ${parts.length}`;
  // as every query number (common/canonical-number.ts): no spaces or leading zeros ('01' is not 1)
  const bad = parts.find((part) => !/^[1-9]\d{0,9}$/.test(part) || Number(part) > LIMITS.idMax);
  if (bad !== undefined) return `ids must be positive whole numbers separated by commas ('${bad.slice(0, 20)}' is not)`;
  const repeated = parts.find((part, i) => parts.findIndex((other) => Number(other) === Number(part)) !== i);
  if (repeated !== undefined) return `ids must not repeat an id (${Number(repeated)} appears twice)`;
  return null;
}

/** The ids of a valid `ids` list (see idsProblem). */
export const parseIds = (value: string): number[] => value.split(',').map(Number);

/** A repeated query parameter arrives as an array, a single one as a string: always a list here. */
const toList = ({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value);

/** What is wrong with a min/max price pair, or null (each a decimal of dollars, min at most max). */
function priceProblem(property: 'minPrice' | 'maxPrice', value: unknown, object: { minPrice?: unknown; maxPrice?: unknown }): string | null {
  if (typeof value !== 'string' || !MONEY.test(value)) return `${property} must be an amount of dollars such as 100 or 99.99`;
  const { minPrice, maxPrice } = object;
  if (typeof minPrice === 'string' && typeof maxPrice === 'string' && MONEY.test(minPrice) && MONEY.test(maxPrice) && Number(minPrice) > Number(maxPrice)) {
    if (property === 'minPrice') return `minPrice must not be more than maxPrice (${minPrice} > ${maxPrice})`;
  }
  return null;
}

function IsPrice(property: 'minPrice' | 'maxPrice') {
  return ValidateBy({
    name: 'price',
    validator: {
      validate: (value, args?: ValidationArguments) => priceProblem(property, value, args?.object as object) === null,
      defaultMessage: (args?: ValidationArguments) => priceProblem(property, args?.value, (args?.object ?? {}) as object) ?? '',
    },
  });
}

/** The product list filter of SPEC §3 and the results page's filters (issue 19); every field optional. */
export class ListProductsQueryDto implements ProductSearchFilter {
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

  @ApiPropertyOptional({
    description:
      'full-text search over name, manufacturer, category names and description (quoted phrases, -word to exclude, or); the last word matches as a prefix. Falls back to the closest spelling when nothing matches (correctedSearch)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_LIMITS.queryMax)
  search?: string;

  @ApiPropertyOptional({ enum: PRODUCT_SORTS, description: "default: 'relevance' (best match) with a search, else by name; 'relevance' without a search is by name" })
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

  @ApiPropertyOptional({ type: String, example: '100', description: 'lowest price in dollars, inclusive (at most maxPrice)' })
  @IsOptional()
  @IsPrice('minPrice')
  minPrice?: string;

  @ApiPropertyOptional({ type: String, example: '999.99', description: 'highest price in dollars, inclusive' })
  @IsOptional()
  @IsPrice('maxPrice')
  maxPrice?: string;

  @ApiPropertyOptional({
    type: [String],
    description: `manufacturer names, matched exactly; repeat the parameter for several (manufacturer=A&manufacturer=B), at most ${SEARCH_LIMITS.manufacturersMax}`,
  })
  @IsOptional()
  @Transform(toList)
  @IsArray({ message: 'manufacturer must be one or more manufacturer names' })
  @ArrayMaxSize(SEARCH_LIMITS.manufacturersMax, { message: `manufacturer may be given at most ${SEARCH_LIMITS.manufacturersMax} times` })
  @IsString({ each: true, message: 'manufacturer must be one or more manufacturer names' })
  @MinLength(1, { each: true, message: 'manufacturer must not be empty' })
  @MaxLength(200, { each: true, message: 'manufacturer must be at most 200 characters long' })
  manufacturer?: string[];

  @ApiPropertyOptional({ minimum: 1, maximum: 5, description: 'lowest rating, 1 to 5 (one decimal at most)' })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: 1, allowNaN: false, allowInfinity: false }, { message: 'minRating must be a number from 1 to 5' })
  @Min(1, { message: 'minRating must be a number from 1 to 5' })
  @Max(5, { message: 'minRating must be a number from 1 to 5' })
  minRating?: number;

  @ApiPropertyOptional({
    example: '12,7,31',
    description: `comma-separated product ids, 1 to ${LIMITS.productIdsMax} distinct: every match in one answer whatever the limit; unknown ids are simply absent`,
  })
  @IsOptional()
  @ValidateBy({ name: 'productIds', validator: { validate: (value) => idsProblem(value) === null, defaultMessage: (args) => idsProblem(args?.value) ?? '' } })
  ids?: string;

  @ApiPropertyOptional({
    description: "true: the answer also carries `facets`, the results page's filter counts for the same parameters (as GET /api/products/facets), so a results page costs one request",
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'facets must be true or false' })
  facets?: boolean;
}

/** GET /api/products/facets: the list's parameters (page, limit and sort are accepted and ignored) and a search among manufacturers. */
export class ProductFacetsQueryDto extends ListProductsQueryDto {
  @ApiPropertyOptional({ description: 'only manufacturers whose name holds this text (case-insensitive): finds those beyond the top 20' })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_LIMITS.queryMax)
  manufacturerSearch?: string;
}

/** GET /api/search/suggestions. */
export class SearchSuggestionsQueryDto {
  @ApiProperty({
    minLength: SEARCH_LIMITS.suggestMinLength,
    maxLength: SEARCH_LIMITS.queryMax,
    description: 'what the shopper has typed so far (trimmed); the last word matches as a prefix',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'q must be text' })
  @MinLength(SEARCH_LIMITS.suggestMinLength, { message: `q must be at least ${SEARCH_LIMITS.suggestMinLength} characters long (trimmed)` })
  @MaxLength(SEARCH_LIMITS.queryMax, { message: `q must be at most ${SEARCH_LIMITS.queryMax} characters long` })
  q: string;
}
