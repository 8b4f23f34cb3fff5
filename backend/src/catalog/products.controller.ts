import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { RecordsSearchTerms, SearchTermsInterceptor } from '../analytics/search-terms.interceptor.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { CatalogueCacheInterceptor } from './catalogue-cache.interceptor.js';
import { PagedArray } from '../common/paged-array.interceptor.js';
import { type Page, PageQueryDto } from './dto/page-query.dto.js';
import { ProductRefParamDto } from './dto/slug-param.dto.js';
import { ListProductsQueryDto, ProductFacetsQueryDto, SearchSuggestionsQueryDto } from './dto/list-products-query.dto.js';
import { ProductFacetsDto, SearchSuggestionsDto } from './dto/search.dto.js';
import { ProductDto, ProductListDto, ProductTypeParamDto } from './dto/product.dto.js';
import { ProductsService } from './products.service.js';

@ApiTags('catalog')
// controller-level, so it runs before (and can skip) the handlers' own interceptors; the search
// terms' recorder outside it, so a cached answer to a search is recorded too
@UseInterceptors(SearchTermsInterceptor, CatalogueCacheInterceptor)
@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  /** Products matching the filter, one page at a time (default 50, at most 1000 per page). */
  @Get('products')
  @RecordsSearchTerms()
  @ApiOperation({ summary: 'Search and filter products, a page at a time (or list given ids)' })
  @ApiOkResponse({ type: ProductListDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a filter value is invalid' })
  list(@Query() query: ListProductsQueryDto): Promise<ProductListDto> {
    return this.products.list(query);
  }

  /**
   * How many results each value of the results page's filters would leave, for the same
   * parameters as the list (each filter's counts with every other filter applied but itself).
   */
  @Get('products/facets')
  @ApiOperation({ summary: "Counts of the results page's filters (price range, manufacturers, stock, rating, product type)" })
  @ApiOkResponse({ type: ProductFacetsDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a filter value is invalid' })
  facets(@Query() query: ProductFacetsQueryDto): Promise<ProductFacetsDto> {
    return this.products.facets(query);
  }

  /** Up to 5 products and 3 categories for what the shopper has typed in the header's search. */
  @Get('search/suggestions')
  @ApiOperation({ summary: 'Search suggestions while typing: up to 5 products (best match first) and 3 categories' })
  @ApiOkResponse({ type: SearchSuggestionsDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'q is missing, shorter than 2 or longer than 200 characters' })
  suggestions(@Query() query: SearchSuggestionsQueryDto): Promise<SearchSuggestionsDto> {
    return this.products.suggestions(query.q);
  }

  /** The products of one type by name, a page at a time (default 100, at most 1000). */
  @Get('products/by-type/:type')
  @ApiOperation({ summary: 'Products of one type, a page at a time' })
  @PagedArray({ type: [ProductDto] })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'type is not a product type, or a bad page or limit' })
  byType(@Param() params: ProductTypeParamDto, @Query() page: PageQueryDto): Promise<Page<ProductDto>> {
    return this.products.byType(params.type, page);
  }

  /** One product by id or slug: a shareable product URL. */
  @Get('products/:idOrSlug')
  @ApiOperation({ summary: 'One product by id or slug' })
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no product with this id or slug' })
  findOne(@Param() params: ProductRefParamDto): Promise<ProductDto> {
    return this.products.findOne(params.idOrSlug);
  }

  /** Featured products by name, a page at a time (default 100, at most 1000). */
  @Get('featured-products')
  @ApiOperation({ summary: 'Featured products, a page at a time' })
  @PagedArray({ type: [ProductDto] })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a bad page or limit' })
  featured(@Query() page: PageQueryDto): Promise<Page<ProductDto>> {
    return this.products.featured(page);
  }
}
