import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { LIMITS, PRODUCT_TYPES, type ProductType } from '@dentalmarket/contracts';
import { HasVisibleCharacters } from '../../common/visible-text.js';

export const BATCH_MAX = 20;
const NAME_MIN = 3;
const NAME_MAX = 200;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimEach = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value);

/** SPEC §5 AI forms: the placement and kind of product the model writes for. */
const Placement = {
  categoryId: () =>
    applyDecorators(
      ApiProperty({ minimum: 1, example: 1 }),
      Type(() => Number),
      IsInt({ message: 'Please select a category' }),
      Min(1, { message: 'Please select a category' }),
      Max(LIMITS.idMax, { message: 'Please select a category' }),
    ),
  subcategoryId: () =>
    applyDecorators(
      ApiProperty({ minimum: 1, example: 1, description: 'must belong to categoryId' }),
      Type(() => Number),
      IsInt({ message: 'Please select a subcategory' }),
      Min(1, { message: 'Please select a subcategory' }),
      Max(LIMITS.idMax, { message: 'Please select a subcategory' }),
    ),
  productType: () =>
    applyDecorators(
      ApiProperty({ enum: PRODUCT_TYPES }),
      IsIn(PRODUCT_TYPES, { message: `productType must be one of: ${PRODUCT_TYPES.join(', ')}` }),
    ),
};

/** Where the generated product will go: the model is told these names (SPEC §5 AI forms). */
class AiPlacementDto {
  @Placement.categoryId()
  categoryId: number;

  @Placement.subcategoryId()
  subcategoryId: number;

  @Placement.productType()
  productType: ProductType;
}

export class GenerateProductDto extends AiPlacementDto {
  @ApiProperty({ minLength: NAME_MIN, maxLength: NAME_MAX, example: 'Planmeca ProMax 3D Mid' })
  @Transform(trim)
  @IsString({ message: 'Product name must be at least 3 characters' })
  @MinLength(NAME_MIN, { message: 'Product name must be at least 3 characters' })
  @MaxLength(NAME_MAX, { message: `Product name must be at most ${NAME_MAX} characters` })
  @HasVisibleCharacters({ message: 'Product name must contain visible characters' })
  productName: string;

}

export class GenerateBatchProductsDto extends AiPlacementDto {
  @ApiProperty({ type: [String], minItems: 1, maxItems: BATCH_MAX, example: ['Planmeca ProMax 3D Mid', 'Sirona Primescan'] })
  @Transform(trimEach)
  @IsArray({ message: 'productNames must be a list of product names' })
  @ArrayMinSize(1, { message: 'Enter at least one product name' })
  @ArrayMaxSize(BATCH_MAX, { message: `productNames may hold at most ${BATCH_MAX} names per batch` })
  @IsString({ each: true, message: 'Each product name must be at least 3 characters' })
  @MinLength(NAME_MIN, { each: true, message: 'Each product name must be at least 3 characters' })
  @MaxLength(NAME_MAX, { each: true, message: `Each product name must be at most ${NAME_MAX} characters` })
  @HasVisibleCharacters({ each: true, message: 'Each product name must contain visible characters' })
  productNames: string[];

}
