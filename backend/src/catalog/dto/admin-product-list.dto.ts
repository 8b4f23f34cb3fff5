import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ADMIN_PRODUCT_SORT_FIELDS, type AdminProductListQuery, LIMITS, PRODUCT_TYPES, type AdminProductSortField, type ProductType } from '@dentalmarket/contracts';
import { toBoolean } from './list-products-query.dto.js';
import { ProductDto } from './product.dto.js';
import { PageQuery } from '../../common/list-page-query.dto.js';

/** The admin product grid's query: one server page (at most 100 rows), sorted, filtered and searched by the server (SPEC §2). */
export class AdminProductListQueryDto extends PageQuery(25, 100) implements AdminProductListQuery {
  @ApiPropertyOptional({ description: 'case-insensitive match on name, description or manufacturer' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ enum: PRODUCT_TYPES })
  @IsOptional()
  @IsIn(PRODUCT_TYPES, { message: `productType must be one of: ${PRODUCT_TYPES.join(', ')}` })
  productType?: ProductType;

  @ApiPropertyOptional({ minimum: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(LIMITS.idMax)
  categoryId?: number;

  @ApiPropertyOptional({ minimum: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(LIMITS.idMax)
  subcategoryId?: number;

  @ApiPropertyOptional({ description: 'true: in stock only; false: out of stock only' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'inStock must be true or false' })
  inStock?: boolean;

  @ApiPropertyOptional({ enum: ADMIN_PRODUCT_SORT_FIELDS, default: 'name', description: "price: unpriced rows (0: 'Get a Quote', partner products) last in both directions" })
  @IsOptional()
  @IsIn(ADMIN_PRODUCT_SORT_FIELDS, { message: `sortField must be one of: ${ADMIN_PRODUCT_SORT_FIELDS.join(', ')}` })
  sortField?: AdminProductSortField;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'sortDirection must be asc or desc' })
  sortDirection?: 'asc' | 'desc';
}

export class AdminProductRowDto extends ProductDto {
  @ApiProperty({ description: "the category's name, for the grid" }) category_name: string;
  @ApiProperty({ type: String, nullable: true }) subcategory_name: string | null;
}

export class AdminProductListDto {
  @ApiProperty({ type: [AdminProductRowDto] }) products: AdminProductRowDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}
