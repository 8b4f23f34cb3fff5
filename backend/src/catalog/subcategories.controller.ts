import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { CatalogueCacheInterceptor } from './catalogue-cache.interceptor.js';
import { ProductDto } from './dto/product.dto.js';
import { SlugParamDto } from './dto/slug-param.dto.js';
import { type Page, PageQueryDto } from './dto/page-query.dto.js';
import { PagedArray } from '../common/paged-array.interceptor.js';
import { SubcategoriesQueryDto, SubcategoryDto } from './dto/subcategory.dto.js';
import { ProductsService } from './products.service.js';
import { SubcategoriesService } from './subcategories.service.js';

@ApiTags('catalog')
// controller-level, so it runs before (and can skip) the handlers' own interceptors
@UseInterceptors(CatalogueCacheInterceptor)
@Controller('subcategories')
export class SubcategoriesController {
  constructor(
    private readonly subcategories: SubcategoriesService,
    private readonly products: ProductsService,
  ) {}

  /** Subcategories by sort order then name. */
  @Get()
  @ApiOperation({ summary: 'List subcategories' })
  @ApiOkResponse({ type: [SubcategoryDto] })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'categoryId is not a positive integer' })
  list(@Query() query: SubcategoriesQueryDto): Promise<SubcategoryDto[]> {
    return this.subcategories.list(query.categoryId);
  }

  /** Every product of the subcategory, by name. */
  /** The subcategory's products by name, a page at a time (default 100, at most 1000). */
  @Get(':slug/products')
  @ApiOperation({ summary: "A subcategory's products, a page at a time" })
  @PagedArray({ type: [ProductDto] })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no subcategory has this slug' })
  listProducts(@Param() params: SlugParamDto, @Query() page: PageQueryDto): Promise<Page<ProductDto>> {
    return this.products.bySubcategorySlug(params.slug, page);
  }
}
