import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumberString,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { type CategoryUsage, LIMITS, PRODUCT_TYPES, type ProductType, type Specifications } from '@dentalmarket/contracts';
import { MONEY } from '../../common/canonical-number.js';
import { HasVisibleCharacters } from '../../common/visible-text.js';

const TEXT_MAX = 20_000;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An optional slug: lowercase words joined by single hyphens; empty means "make one from the name". */
const OptionalSlug = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'generated from the name when empty' }),
    IsOptional(),
    ValidateIf((_o, v) => v !== ''),
    Matches(SLUG, { message: 'slug must be lowercase letters, digits and single hyphens' }),
    MaxLength(LIMITS.slugMax),
  );

/** A required name (1–255 characters, some of them visible) and description, as every catalogue form has them. */
const RequiredName = () =>
  applyDecorators(ApiProperty(), IsString(), MinLength(1, { message: 'name is required' }), MaxLength(LIMITS.nameMax), HasVisibleCharacters());
const RequiredDescription = () => applyDecorators(ApiProperty(), IsString(), MinLength(1, { message: 'description is required' }), MaxLength(TEXT_MAX));

/** SPEC §5 Category form: name, description, icon required; the product type it belongs to. */
export class CreateCategoryDto {
  @RequiredName()
  name: string;

  @RequiredDescription()
  description: string;

  @ApiProperty({ example: 'fa-x-ray', default: 'fa-folder' }) @IsString() @MinLength(1, { message: 'icon is required' }) @MaxLength(100)
  icon: string;

  @ApiProperty({ enum: PRODUCT_TYPES }) @IsIn(PRODUCT_TYPES, { message: `product_type must be one of: ${PRODUCT_TYPES.join(', ')}` })
  product_type: ProductType;

  @OptionalSlug()
  slug?: string;
}
export class UpdateCategoryDto extends PartialType(CreateCategoryDto) {}

/** SPEC §5 Subcategory form: name, description, parent category required. */
export class CreateSubcategoryDto {
  @RequiredName()
  name: string;

  @RequiredDescription()
  description: string;

  @ApiProperty({ minimum: 1 }) @Type(() => Number) @IsInt({ message: 'category_id must be a category id' }) @Min(1) @Max(LIMITS.idMax)
  category_id: number;

  @OptionalSlug()
  slug?: string;
}
export class UpdateSubcategoryDto extends PartialType(CreateSubcategoryDto) {}

/** PATCH …/order: the item's new index among its siblings (SPEC §7). */
export class ReorderDto {
  @ApiProperty({ minimum: 0, description: 'the new index, 0 first' }) @Type(() => Number) @IsInt({ message: 'sortOrder must be a whole number' }) @Min(0) @Max(100_000)
  sortOrder: number;
}

/** SPEC §3 products and §5 Admin product form; the server applies the spec's defaults. */
export class CreateProductDto {
  @RequiredName()
  name: string;

  @ApiPropertyOptional({ description: "empty becomes 'Product description'" }) @IsOptional() @IsString() @MaxLength(TEXT_MAX)
  description?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '1299.00', description: "left out: the stored price is kept on edit, '0' on create; empty becomes '0'" })
  @IsOptional()
  @ValidateIf((_o, v) => v !== '' && v !== null)
  @IsNumberString({ no_symbols: false }, { message: 'price must be a decimal number such as 1299.00' })
  @Matches(MONEY, { message: 'price must be at most 99999999.99 with up to 2 decimals, without leading zeros' })
  price?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2048) image_url?: string | null;
  @ApiPropertyOptional({ description: 'base64 bytes from the upload endpoint' }) @IsOptional() @IsString() @MaxLength(8_000_000) image_data?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'image/webp' }) @IsOptional() @IsString() @Matches(/^image\/(jpeg|png|gif|webp)$/) image_type?: string | null;

  @ApiProperty({ minimum: 1 }) @Type(() => Number) @IsInt({ message: 'category_id must be a category id' }) @Min(1) @Max(LIMITS.idMax)
  category_id: number;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(LIMITS.idMax)
  subcategory_id?: number | null;

  @ApiProperty() @IsString() @MinLength(1, { message: 'manufacturer is required' }) @MaxLength(LIMITS.nameMax)
  manufacturer: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } }) @IsOptional() @IsObject() specifications?: Specifications;

  @ApiProperty({ enum: PRODUCT_TYPES }) @IsIn(PRODUCT_TYPES, { message: `product_type must be one of: ${PRODUCT_TYPES.join(', ')}` })
  product_type: ProductType;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2048) external_link?: string | null;

  @ApiPropertyOptional({ description: 'required for affiliate products; https:// is added when missing' })
  @ValidateIf((o: CreateProductDto) => o.product_type === 'affiliate' || (o.affiliate_link !== undefined && o.affiliate_link !== null))
  @IsString({ message: 'affiliate_link is required for affiliate products' })
  @MinLength(1, { message: 'affiliate_link is required for affiliate products' })
  @MaxLength(2048)
  affiliate_link?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) @IsOptional() @IsObject() service_details?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsString({ each: true }) @MaxLength(1000, { each: true }) features?: string[];

  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_featured?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_new?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() in_stock?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, example: '4.5' })
  @IsOptional()
  @ValidateIf((_o, v) => v !== '' && v !== null)
  @Matches(/^([0-4](\.\d)?|5(\.0)?)$/, { message: 'rating must be between 0 and 5 with one decimal' })
  rating?: string | null;

  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(LIMITS.idMax) reviews_count?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) delivery_time?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) warranty?: string | null;

  @OptionalSlug()
  slug?: string;
}
/** Edit: any field; an empty manufacturer becomes 'Unknown' (SPEC §5, on edit only). */
export class UpdateProductDto extends PartialType(OmitType(CreateProductDto, ['manufacturer'] as const)) {
  @ApiPropertyOptional({ description: "empty becomes 'Unknown'" }) @IsOptional() @IsString() @MaxLength(LIMITS.nameMax)
  manufacturer?: string;
}

/** What a delete removed or changed, so nothing is lost silently. */
export class DeleteResultDto {
  @ApiProperty({ example: 'Category deleted' }) message: string;
  @ApiProperty({ example: { categories: 1, subcategories: 3, productsUnassigned: 0 }, type: 'object', additionalProperties: { type: 'number' } })
  affected: Record<string, number>;
}

/** GET /api/admin/categories/:id/usage: the delete dialog's counts. */
export class CategoryUsageDto implements CategoryUsage {
  @ApiProperty({ example: 12, description: 'products in the category (a delete is refused while any remain)' }) product_count: number;
  @ApiProperty({ example: 3, description: 'subcategories a delete would remove with it' }) subcategory_count: number;
}
