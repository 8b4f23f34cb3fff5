import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { SeoController } from './seo.controller.js';
import { PageHeadsService } from './page-heads.service.js';
import { SitemapService } from './sitemap.service.js';

/** What search engines read: /robots.txt and the sitemaps at the site's root (see seo-paths.ts), and the shopper pages' heads. */
@Module({ imports: [CatalogModule], controllers: [SeoController], providers: [SitemapService, PageHeadsService], exports: [PageHeadsService] })
export class SeoModule {}
