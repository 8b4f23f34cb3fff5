import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LIMITS } from '@dentalmarket/contracts';
import type { Subcategory as SubcategoryWire } from '@dentalmarket/contracts';
import type { Subcategory } from '../subcategory.entity.js';

export class SubcategoriesQueryDto {
  @ApiPropertyOptional({ description: 'only subcategories of this category', minimum: 1, maximum: LIMITS.idMax })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'categoryId must be a positive integer' })
  @Min(1, { message: 'categoryId must be a positive integer' })
  @Max(LIMITS.idMax, { message: `categoryId must be at most ${LIMITS.idMax}` })
  categoryId?: number;
}

export class SubcategoryDto implements SubcategoryWire {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() category_id: number;
  @ApiProperty() slug: string;
  @ApiProperty({ example: 999 }) sort_order: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export function mapSubcategory(subcategory: Subcategory): SubcategoryDto {
  return {
    id: subcategory.id,
    name: subcategory.name,
    description: subcategory.description,
    category_id: subcategory.category_id,
    slug: subcategory.slug,
    sort_order: subcategory.sort_order,
    created_at: subcategory.created_at.toISOString(),
  };
}
