import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { AdminCatalogController } from './admin-catalog.controller.js';
import { AdminCatalogService } from './admin-catalog.service.js';
import { AdminProductsService } from './admin-products.service.js';
import { CatalogueResponses } from './catalogue-responses.js';
import { CatalogueVersion, InvalidateCatalogueVersion } from './catalogue-version.js';
import { CategoriesController } from './categories.controller.js';
import { CategoriesService } from './categories.service.js';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';
import { SearchIndexService } from './search/search-index.service.js';
import { SubcategoriesController } from './subcategories.controller.js';
import { SubcategoriesService } from './subcategories.service.js';

@Module({
  // the product list's searches are recorded for the analytics (SearchTermsInterceptor)
  imports: [AnalyticsModule],
  controllers: [CategoriesController, SubcategoriesController, ProductsController, AdminCatalogController],
  providers: [CatalogueVersion, CatalogueResponses, CategoriesService, SubcategoriesService, ProductsService, SearchIndexService, AdminCatalogService, AdminProductsService],
  exports: [CategoriesService, SubcategoriesService, ProductsService, CatalogueVersion, SearchIndexService],
})
export class CatalogModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(InvalidateCatalogueVersion).forRoutes(AdminCatalogController);
  }
}
