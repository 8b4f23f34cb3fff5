import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { SeoController } from './seo.controller.js';
import { SitemapService } from './sitemap.service.js';

/** What search engines read at the site's root: /robots.txt and the sitemaps (see seo-paths.ts). */
@Module({ imports: [CatalogModule], controllers: [SeoController], providers: [SitemapService] })
export class SeoModule {}
