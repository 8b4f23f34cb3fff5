import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { CatalogueCacheInterceptor } from './catalogue-cache.interceptor.js';
import { CategoriesService } from './categories.service.js';
import { CategoriesQueryDto, CategoryDto } from './dto/category.dto.js';
import { ProductDto } from './dto/product.dto.js';
import { SlugParamDto } from './dto/slug-param.dto.js';
import { type Page, PageQueryDto } from './dto/page-query.dto.js';
import { PagedArray } from '../common/paged-array.interceptor.js';
import { ProductsService } from './products.service.js';

@ApiTags('catalog')
// controller-level, so it runs before (and can skip) the handlers' own interceptors
@UseInterceptors(CatalogueCacheInterceptor)
@Controller('categories')
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
    private readonly products: ProductsService,
  ) {}

  /** Categories by sort order then name, each with its subcategory count. */
  @Get()
  @ApiOperation({ summary: 'List categories with their subcategory counts' })
  @ApiOkResponse({ type: [CategoryDto] })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'productType is not a product type' })
  list(@Query() query: CategoriesQueryDto): Promise<CategoryDto[]> {
    return this.categories.list(query.productType);
  }

  /** Every product of the category, by name. */
  /** The category's products by name, a page at a time (default 100, at most 1000). */
  @Get(':slug/products')
  @ApiOperation({ summary: "A category's products, a page at a time" })
  @PagedArray({ type: [ProductDto] })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no category has this slug' })
  listProducts(@Param() params: SlugParamDto, @Query() page: PageQueryDto): Promise<Page<ProductDto>> {
    return this.products.byCategorySlug(params.slug, page);
  }
}
