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
  ApiOperation,
} from '@nestjs/swagger';
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
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
import { ApiBodyExample } from '../common/api-body-example.js';

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
  @ApiKeyScope('catalogue:read')
  @ApiOperation({ summary: 'The admin product grid: one page, sorted, filtered and searched' })
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: AdminProductListDto, description: 'one page of the admin grid, never cached' })
  listProducts(@Query() query: AdminProductListQueryDto): Promise<AdminProductListDto> {
    return this.products.list(query);
  }

  @Post('products')
  @ApiKeyScope('catalogue:write')
  @ApiBodyExample(CreateProductDto, { name: 'Vita Vacumat 6000 MP', manufacturer: 'Vita', product_type: 'equipment', category_id: 1, subcategory_id: 2, price: '8450.00', description: 'Ceramic press furnace with a vacuum pump.', specifications: { power: '230 V, 1.5 kW' }, features: ['Touch screen', '200 programs'], in_stock: true })
  @ApiOperation({ summary: 'Create a product' })
  @ApiCreatedResponse({ type: ProductDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the slug is taken' })
  createProduct(@Body() body: CreateProductDto): Promise<ProductDto> {
    return this.catalog.createProduct(body);
  }

  @Put('products/:id')
  @ApiKeyScope('catalogue:write')
  @ApiBodyExample(UpdateProductDto, { name: 'Vita Vacumat 6000 MP (2026)', in_stock: false }, 'change two fields; the others keep their stored values')
  @ApiOperation({ summary: 'Update a product (fields left out keep their stored values)' })
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the slug is taken' })
  updateProduct(@Param('id', new ParseIntPipe()) id: number, @Body() body: UpdateProductDto): Promise<ProductDto> {
    return this.catalog.updateProduct(id, body);
  }

  @Delete('products/:id')
  @ApiKeyScope('catalogue:write')
  @ApiOperation({ summary: 'Delete a product' })
  @ApiOkResponse({ type: DeleteResultDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  removeProduct(@Param('id', new ParseIntPipe()) id: number): Promise<DeleteResultDto> {
    return this.catalog.removeProduct(id);
  }

  @Post('categories')
  @ApiKeyScope('catalogue:write')
  @ApiBodyExample(CreateCategoryDto, { name: 'Lab Furnaces', description: 'Ceramic and press furnaces', icon: 'fa-fire', product_type: 'equipment' })
  @ApiOperation({ summary: 'Create a category' })
  @ApiCreatedResponse({ type: CategoryDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the slug is taken' })
  createCategory(@Body() body: CreateCategoryDto): Promise<CategoryDto> {
    return this.catalog.createCategory(body);
  }

  @Put('categories/:id')
  @ApiKeyScope('catalogue:write')
  @ApiBodyExample(UpdateCategoryDto, { name: 'Lab Furnaces & Ovens' })
  @ApiOperation({ summary: 'Update a category' })
  @ApiOkResponse({ type: CategoryDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  updateCategory(@Param('id', new ParseIntPipe()) id: number, @Body() body: UpdateCategoryDto): Promise<CategoryDto> {
    return this.catalog.updateCategory(id, body);
  }

  @Get('categories/:id/usage')
  @ApiKeyScope('catalogue:read')
  @ApiOperation({ summary: 'What deleting a category would touch: its product and subcategory counts' })
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: CategoryUsageDto, description: 'what deleting the category would touch (it is refused while product_count > 0)' })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  categoryUsage(@Param('id', new ParseIntPipe()) id: number): Promise<CategoryUsageDto> {
    return this.catalog.categoryUsage(id);
  }

  @Delete('categories/:id')
  @ApiKeyScope('catalogue:write')
  @ApiOperation({ summary: 'Delete a category with its subcategories (refused while it has products)' })
  @ApiOkResponse({ type: DeleteResultDto, description: 'the category and its subcategories are gone' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'products still belong to it (their count is in the message)' })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  removeCategory(@Param('id', new ParseIntPipe()) id: number): Promise<DeleteResultDto> {
    return this.catalog.removeCategory(id);
  }

  @Patch('categories/:id/order')
  @ApiKeyScope('catalogue:write')
  @ApiBodyExample(ReorderDto, { sortOrder: 0 }, 'move it first')
  @ApiOperation({ summary: 'Move a category to a new position among its siblings' })
  @HttpCode(200)
  @ApiOkResponse({ description: 'the new order of its siblings, 0 first' })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  reorderCategory(@Param('id', new ParseIntPipe()) id: number, @Body() body: ReorderDto) {
    return this.catalog.reorder('category', id, body.sortOrder);
  }

  @Post('subcategories')
  @ApiKeyScope('catalogue:write')
  @ApiBodyExample(CreateSubcategoryDto, { name: 'Press Furnaces', description: 'Furnaces for pressable ceramics', category_id: 1 })
  @ApiOperation({ summary: 'Create a subcategory' })
  @ApiCreatedResponse({ type: SubcategoryDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the slug is taken' })
  createSubcategory(@Body() body: CreateSubcategoryDto): Promise<SubcategoryDto> {
    return this.catalog.createSubcategory(body);
  }

  @Put('subcategories/:id')
  @ApiKeyScope('catalogue:write')
  @ApiBodyExample(UpdateSubcategoryDto, { name: 'Press & Sinter Furnaces' })
  @ApiOperation({ summary: 'Update a subcategory' })
  @ApiOkResponse({ type: SubcategoryDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  updateSubcategory(@Param('id', new ParseIntPipe()) id: number, @Body() body: UpdateSubcategoryDto): Promise<SubcategoryDto> {
    return this.catalog.updateSubcategory(id, body);
  }

  @Delete('subcategories/:id')
  @ApiKeyScope('catalogue:write')
  @ApiOperation({ summary: 'Delete a subcategory (its products stay in the category)' })
  @ApiOkResponse({ type: DeleteResultDto, description: "its products stay in the category without a subcategory (counted in 'affected')" })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  removeSubcategory(@Param('id', new ParseIntPipe()) id: number): Promise<DeleteResultDto> {
    return this.catalog.removeSubcategory(id);
  }

  @Patch('subcategories/:id/order')
  @ApiKeyScope('catalogue:write')
  @ApiBodyExample(ReorderDto, { sortOrder: 2 }, 'move it third')
  @ApiOperation({ summary: 'Move a subcategory to a new position among its siblings' })
  @HttpCode(200)
  @ApiOkResponse({ description: 'the new order of its siblings, 0 first' })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  reorderSubcategory(@Param('id', new ParseIntPipe()) id: number, @Body() body: ReorderDto) {
    return this.catalog.reorder('subcategory', id, body.sortOrder);
  }
}
