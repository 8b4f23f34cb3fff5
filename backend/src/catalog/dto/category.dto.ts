import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PRODUCT_TYPES, type Category as CategoryWire, type ProductType } from '@dentalmarket/contracts';
import type { Category } from '../category.entity.js';

export class CategoriesQueryDto {
  @ApiPropertyOptional({ enum: PRODUCT_TYPES, description: 'only categories of this product type' })
  @IsOptional()
  @IsIn(PRODUCT_TYPES, { message: `productType must be one of: ${PRODUCT_TYPES.join(', ')}` })
  productType?: ProductType;
}

export class CategoryDto implements CategoryWire {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ example: 'fa-folder' }) icon: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: PRODUCT_TYPES }) product_type: ProductType;
  @ApiProperty({ example: 999 }) sort_order: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ description: 'number of subcategories' }) subcategory_count: number;
}

export function mapCategory(category: Category, subcategoryCount: number): CategoryDto {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    icon: category.icon,
    slug: category.slug,
    product_type: category.product_type,
    sort_order: category.sort_order,
    created_at: category.created_at.toISOString(),
    subcategory_count: subcategoryCount,
  };
}
