import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { ListProductsQueryDto } from './dto/list-products-query.dto.js';
import { ProductDto, ProductListDto, ProductTypeParamDto } from './dto/product.dto.js';
import { ProductsService } from './products.service.js';

@ApiTags('catalog')
@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  /** Products matching the filter, one page at a time (default 50, at most 1000 per page). */
  @Get('products')
  @ApiOkResponse({ type: ProductListDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a filter value is invalid' })
  list(@Query() query: ListProductsQueryDto): Promise<ProductListDto> {
    return this.products.list(query);
  }

  /** Every product of one type, by name. */
  @Get('products/by-type/:type')
  @ApiOkResponse({ type: [ProductDto] })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'type is not a product type' })
  byType(@Param() params: ProductTypeParamDto): Promise<ProductDto[]> {
    return this.products.byType(params.type);
  }

  /** Featured products, by name. */
  @Get('featured-products')
  @ApiOkResponse({ type: [ProductDto] })
  featured(): Promise<ProductDto[]> {
    return this.products.featured();
  }
}
