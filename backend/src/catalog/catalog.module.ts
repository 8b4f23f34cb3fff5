import { Module } from '@nestjs/common';
import { CategoriesController } from './categories.controller.js';
import { CategoriesService } from './categories.service.js';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';
import { SubcategoriesController } from './subcategories.controller.js';
import { SubcategoriesService } from './subcategories.service.js';

@Module({
  controllers: [CategoriesController, SubcategoriesController, ProductsController],
  providers: [CategoriesService, SubcategoriesService, ProductsService],
  exports: [CategoriesService, SubcategoriesService, ProductsService],
})
export class CatalogModule {}
