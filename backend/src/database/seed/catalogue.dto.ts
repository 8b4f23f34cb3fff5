import { applyDecorators } from '@nestjs/common';
import { OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { CreateCategoryDto, CreateProductDto, CreateSubcategoryDto, SLUG } from '../../catalog/dto/admin-catalog.dto.js';

/*
 * The seed catalogue file's shape: the admin API's own DTOs (the same rules for names, prices,
 * ratings, links, slugs…), nested category → subcategories → products, with what only a seed
 * carries: a required slug, a sort order, and the image as a file name under assets/seed-images.
 */

const RequiredSlug = () => applyDecorators(IsString(), Matches(SLUG, { message: 'slug must be lowercase letters, digits and single hyphens' }));
const SortOrder = () => applyDecorators(IsInt({ message: 'sort_order must be a whole number' }), Min(0), Max(100_000));

/** A product: everything of the admin form but its placement (the file's nesting gives it) and image fields. */
export class SeedProductDto extends OmitType(CreateProductDto, ['category_id', 'subcategory_id', 'product_type', 'image_url', 'image_data', 'image_type', 'slug'] as const) {
  @RequiredSlug()
  slug: string;

  /** a file in backend/assets/seed-images, served at /media/seed/<image> */
  @IsString()
  @Matches(/^[\w-]+(\.[\w-]+)*\.(svg|png|jpe?g|webp|gif)$/, { message: 'image must be a file name in backend/assets/seed-images, such as my-product.webp' })
  @MaxLength(255)
  image: string;
}

export class SeedSubcategoryDto extends OmitType(CreateSubcategoryDto, ['category_id', 'slug'] as const) {
  @RequiredSlug()
  slug: string;

  @SortOrder()
  sort_order: number;

  @IsArray({ message: 'products must be a list' })
  @ValidateNested({ each: true })
  @Type(() => SeedProductDto)
  products: SeedProductDto[];
}

export class SeedCategoryDto extends OmitType(CreateCategoryDto, ['slug'] as const) {
  @RequiredSlug()
  slug: string;

  @SortOrder()
  sort_order: number;

  @IsArray({ message: 'subcategories must be a list' })
  @ValidateNested({ each: true })
  @Type(() => SeedSubcategoryDto)
  subcategories: SeedSubcategoryDto[];
}
