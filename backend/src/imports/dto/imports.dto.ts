import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  IMPORT_LIMITS,
  IMPORT_STATUSES,
  PRODUCT_TYPES,
  type ImportCounts,
  type ImportDetail,
  type ImportRowError,
  type ImportStatus,
  type ImportSummary,
  type MissingCategory,
} from '@dentalmarket/contracts';
import { AdminProductListQueryDto } from '../../catalog/dto/admin-product-list.dto.js';
import { toBoolean } from '../../catalog/dto/list-products-query.dto.js';

/** GET /api/admin/products/export.csv: the admin grid's filters (no paging: every matching product). */
export class ProductExportQueryDto extends PickType(AdminProductListQueryDto, ['search', 'productType', 'categoryId', 'subcategoryId', 'inStock'] as const) {}

/** The multipart fields of POST /api/admin/imports besides the file. */
export class ImportUploadDto {
  @ApiPropertyOptional({ type: String, enum: ['true', 'false'], default: 'false', description: 'create the categories and subcategories the file names that do not exist, on apply' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'createCategories must be true or false' })
  createCategories?: boolean;
}

export class ImportDetailQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, description: 'page of row errors' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'errorsPage must be a whole number from 1' })
  @Min(1, { message: 'errorsPage must be a whole number from 1' })
  @Max(IMPORT_LIMITS.rowsMax, { message: `errorsPage must be at most ${IMPORT_LIMITS.rowsMax}` })
  errorsPage?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: IMPORT_LIMITS.errorsPageMax, default: 20, description: 'row errors per page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `errorsLimit must be a whole number from 1 to ${IMPORT_LIMITS.errorsPageMax}` })
  @Min(1, { message: `errorsLimit must be a whole number from 1 to ${IMPORT_LIMITS.errorsPageMax}` })
  @Max(IMPORT_LIMITS.errorsPageMax, { message: `errorsLimit must be a whole number from 1 to ${IMPORT_LIMITS.errorsPageMax}` })
  errorsLimit?: number;
}

export const IMPORT_LIST_MAX = 20;
export class ImportListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: IMPORT_LIST_MAX, default: 5, description: 'newest imports first' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be a whole number from 1 to ${IMPORT_LIST_MAX}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${IMPORT_LIST_MAX}` })
  @Max(IMPORT_LIST_MAX, { message: `limit must be a whole number from 1 to ${IMPORT_LIST_MAX}` })
  limit?: number;
}

export class ImportCountsDto implements ImportCounts {
  @ApiProperty({ example: 120 }) create: number;
  @ApiProperty({ example: 35 }) update: number;
  @ApiProperty({ example: 840 }) unchanged: number;
  @ApiProperty({ example: 2 }) error: number;
}

export class ImportRowErrorDto implements ImportRowError {
  @ApiProperty({ example: 14, description: "the file's line (the header is line 1)" }) line: number;
  @ApiProperty({ type: String, nullable: true, example: 'vita-vacumat-6000-mp', description: "the row's slug or name" }) label: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'price', description: 'the CSV column; null for the row as a whole' }) field: string | null;
  @ApiProperty({ example: 'price must be a decimal number such as 1299.00' }) message: string;
}

export class MissingCategoryDto implements MissingCategory {
  @ApiProperty({ enum: ['category', 'subcategory'] }) kind: 'category' | 'subcategory';
  @ApiProperty({ example: 'Furnaces' }) name: string;
  @ApiProperty({ enum: PRODUCT_TYPES }) product_type: string;
  @ApiProperty({ type: String, nullable: true, description: "a subcategory's category" }) parent: string | null;
  @ApiProperty({ example: 12, description: 'data rows that name it' }) rows: number;
}

export class ImportProgressDto {
  @ApiProperty({ example: 500 }) done: number;
  @ApiProperty({ example: 20000 }) total: number;
}

export class ImportSummaryDto implements ImportSummary {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'products.csv' }) filename: string;
  @ApiProperty({ enum: IMPORT_STATUSES, description: 'ready: dry run done, nothing changed; queued/applying: the background job; applied: done; failed: see failure' })
  status: ImportStatus;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() createCategories: boolean;
  @ApiProperty({ description: 'data rows in the file' }) total: number;
  @ApiProperty({ type: ImportCountsDto, description: "what the dry run found (the template's example rows it skips are not counted: see the report's review.skipped)" })
  counts: ImportCountsDto;
  @ApiProperty({ type: [String], description: 'columns that are not product fields: ignored' }) unknownColumns: string[];
  @ApiProperty({ type: [MissingCategoryDto] }) missingCategories: MissingCategoryDto[];
  @ApiProperty({ type: ImportProgressDto }) progress: ImportProgressDto;
  @ApiProperty({ type: ImportCountsDto, nullable: true, description: 'once applied (or failed): what the apply did' }) result: ImportCountsDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'why the job stopped (not a row error)' }) failure: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at: string | null;
}

export class ImportErrorsPageDto {
  @ApiProperty({ type: [ImportRowErrorDto] }) rows: ImportRowErrorDto[];
  @ApiProperty({ description: 'messages in all' }) total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class ImportReviewRowDto {
  @ApiProperty({ example: 14, description: "the file's line (the header is line 1)" }) line: number;
  @ApiProperty({ type: String, nullable: true, example: 'vita-vacumat-6000-mp', description: "the row's slug, or the one its name makes" }) slug: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Vita Vacumat 6000 MP' }) name: string | null;
  @ApiProperty({ enum: ['create', 'update', 'skipped'] }) action: 'create' | 'update' | 'skipped';
  @ApiProperty({ type: String, nullable: true, description: 'why a skipped row is skipped (an example row of the template); null otherwise' }) reason: string | null;
}

export class ImportReviewGroupDto {
  @ApiProperty({ example: 120, description: 'rows with this action in the file' }) total: number;
  @ApiProperty({ type: [ImportReviewRowDto], description: 'the first `limit` of them, in line order' }) rows: ImportReviewRowDto[];
}

export class ImportReviewDto {
  @ApiProperty({ example: 100, description: 'rows listed per action at most' }) limit: number;
  @ApiProperty({ type: ImportReviewGroupDto, description: 'the products the apply will add' }) create: ImportReviewGroupDto;
  @ApiProperty({ type: ImportReviewGroupDto, description: 'the products the apply will change' }) update: ImportReviewGroupDto;
  @ApiProperty({ type: ImportReviewGroupDto, description: "the template's example rows, left out of the import (not in `counts`)" }) skipped: ImportReviewGroupDto;
}

export class ImportDetailDto extends ImportSummaryDto implements ImportDetail {
  @ApiProperty({ type: ImportErrorsPageDto, description: 'row errors in line order: the dry run\'s, and the apply\'s' }) errors: ImportErrorsPageDto;
  @ApiProperty({ type: ImportReviewDto, description: "the dry run's rows to create and update, and the example rows it skips: counts and the first rows of each" })
  review: ImportReviewDto;
}
