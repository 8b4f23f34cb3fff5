import { Body, Controller, Delete, Get, Header, HttpCode, Param, ParseIntPipe, Patch, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AdminGuard } from '../auth/guards.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { AdminCatalogService } from './admin-catalog.service.js';
import { AdminProductsService } from './admin-products.service.js';
import { AdminProductListDto, AdminProductListQueryDto } from './dto/admin-product-list.dto.js';
import {
  CategoryUsageDto,
  CreateCategoryDto,
  CreateProductDto,
  CreateSubcategoryDto,
  DeleteResultDto,
  ReorderDto,
  UpdateCategoryDto,
  UpdateProductDto,
  UpdateSubcategoryDto,
} from './dto/admin-catalog.dto.js';
import { CategoryDto } from './dto/category.dto.js';
import { ProductDto } from './dto/product.dto.js';
import { SubcategoryDto } from './dto/subcategory.dto.js';

/** SPEC §7 /api/admin catalogue writes: every route behind AdminGuard (401 signed out, 403 for non-admins). */
@ApiTags('admin')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'not signed in' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'not an admin, or a cross-site request' })
@ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is missing or invalid (named in the message)' })
@UseGuards(AdminGuard)
@Controller('admin')
export class AdminCatalogController {
  constructor(
    private readonly catalog: AdminCatalogService,
    private readonly products: AdminProductsService,
  ) {}

  @Get('products')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: AdminProductListDto, description: 'one page of the admin grid, never cached' })
  listProducts(@Query() query: AdminProductListQueryDto): Promise<AdminProductListDto> {
    return this.products.list(query);
  }

  @Post('products')
  @ApiCreatedResponse({ type: ProductDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the slug is taken' })
  createProduct(@Body() body: CreateProductDto): Promise<ProductDto> {
    return this.catalog.createProduct(body);
  }

  @Put('products/:id')
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the slug is taken' })
  updateProduct(@Param('id', new ParseIntPipe()) id: number, @Body() body: UpdateProductDto): Promise<ProductDto> {
    return this.catalog.updateProduct(id, body);
  }

  @Delete('products/:id')
  @ApiOkResponse({ type: DeleteResultDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  removeProduct(@Param('id', new ParseIntPipe()) id: number): Promise<DeleteResultDto> {
    return this.catalog.removeProduct(id);
  }

  @Post('categories')
  @ApiCreatedResponse({ type: CategoryDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the slug is taken' })
  createCategory(@Body() body: CreateCategoryDto): Promise<CategoryDto> {
    return this.catalog.createCategory(body);
  }

  @Put('categories/:id')
  @ApiOkResponse({ type: CategoryDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  updateCategory(@Param('id', new ParseIntPipe()) id: number, @Body() body: UpdateCategoryDto): Promise<CategoryDto> {
    return this.catalog.updateCategory(id, body);
  }

  @Get('categories/:id/usage')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: CategoryUsageDto, description: 'what deleting the category would touch (it is refused while product_count > 0)' })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  categoryUsage(@Param('id', new ParseIntPipe()) id: number): Promise<CategoryUsageDto> {
    return this.catalog.categoryUsage(id);
  }

  @Delete('categories/:id')
  @ApiOkResponse({ type: DeleteResultDto, description: 'the category and its subcategories are gone' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'products still belong to it (their count is in the message)' })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  removeCategory(@Param('id', new ParseIntPipe()) id: number): Promise<DeleteResultDto> {
    return this.catalog.removeCategory(id);
  }

  @Patch('categories/:id/order')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the new order of its siblings, 0 first' })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  reorderCategory(@Param('id', new ParseIntPipe()) id: number, @Body() body: ReorderDto) {
    return this.catalog.reorder('category', id, body.sortOrder);
  }

  @Post('subcategories')
  @ApiCreatedResponse({ type: SubcategoryDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the slug is taken' })
  createSubcategory(@Body() body: CreateSubcategoryDto): Promise<SubcategoryDto> {
    return this.catalog.createSubcategory(body);
  }

  @Put('subcategories/:id')
  @ApiOkResponse({ type: SubcategoryDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  updateSubcategory(@Param('id', new ParseIntPipe()) id: number, @Body() body: UpdateSubcategoryDto): Promise<SubcategoryDto> {
    return this.catalog.updateSubcategory(id, body);
  }

  @Delete('subcategories/:id')
  @ApiOkResponse({ type: DeleteResultDto, description: "its products stay in the category without a subcategory (counted in 'affected')" })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  removeSubcategory(@Param('id', new ParseIntPipe()) id: number): Promise<DeleteResultDto> {
    return this.catalog.removeSubcategory(id);
  }

  @Patch('subcategories/:id/order')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the new order of its siblings, 0 first' })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  reorderSubcategory(@Param('id', new ParseIntPipe()) id: number, @Body() body: ReorderDto) {
    return this.catalog.reorder('subcategory', id, body.sortOrder);
  }
}
