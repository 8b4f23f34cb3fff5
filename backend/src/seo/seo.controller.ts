import { createHash } from 'node:crypto';
import { BadRequestException, Controller, Get, Inject, Logger, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { negotiatedCoding } from '../catalog/catalogue-cache.interceptor.js';
import { CatalogueVersion } from '../catalog/catalogue-version.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ReadRoutes, type ReadTarget } from '../database/read-routes.js';
import { SitemapService } from './sitemap.service.js';
import { robotsTxt } from './sitemap-xml.js';
import { siteOrigin } from './seo-paths.js';

const XML_TYPE = 'application/xml; charset=utf-8';
/**
 * Crawlers fetch these rarely and a CDN may keep them a while; a catalogue change is picked up at
 * the next revalidation (the ETag follows the catalogue version), which is cheap: a 304 runs no query.
 */
const SITEMAP_CACHE = 'public, max-age=600, stale-while-revalidate=3600';
const ROBOTS_CACHE = 'public, max-age=3600';
/** products-<n>.xml, n written as a plain positive number (no sign, no leading zero). */
const PRODUCTS_PAGE = /^products-([1-9]\d{0,8})\.xml$/;

/**
 * /robots.txt, /sitemap.xml and /sitemaps/*.xml at the site's root (outside /api, see seo-paths.ts).
 * Not in the API's OpenAPI document: they are the web's standard files for crawlers, not API
 * operations a client codes against, and an XML body has no schema there.
 */
@ApiExcludeController()
@Controller()
export class SeoController {
  private readonly logger = new Logger('Sitemap');

  constructor(
    private readonly sitemaps: SitemapService,
    private readonly version: CatalogueVersion,
    private readonly routes: ReadRoutes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('robots.txt')
  robots(@Req() req: Request, @Res() res: Response): void {
    const body = robotsTxt(this.origin(req));
    res.setHeader('Cache-Control', ROBOTS_CACHE);
    res.type('text/plain; charset=utf-8').send(body);
  }

  @Get('sitemap.xml')
  async index(@Req() req: Request, @Res() res: Response): Promise<void> {
    const origin = this.origin(req);
    const source = this.routes.pick('sitemap');
    if (await this.notModified(req, res, origin, source)) return;
    await this.send(res, (out) => this.sitemaps.writeIndex(origin, out, source.dataSource));
  }

  @Get('sitemaps/:file')
  async page(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const origin = this.origin(req);
    const page = PRODUCTS_PAGE.exec(file)?.[1];
    if (file !== 'pages.xml' && page === undefined) {
      throw new NotFoundException(`No sitemap named ${file}: the sitemaps are pages.xml and products-<n>.xml, listed in /sitemap.xml`);
    }
    const source = this.routes.pick('sitemap');
    if (await this.notModified(req, res, origin, source)) return;
    if (page === undefined) return this.send(res, (out) => this.sitemaps.writePages(origin, out, source.dataSource));
    const n = Number(page);
    if (!(await this.sitemaps.hasProductsPage(n, source.dataSource))) {
      res.removeHeader('ETag');
      res.removeHeader('Cache-Control');
      throw new NotFoundException(`Sitemap page ${n} does not exist: /sitemap.xml lists the product pages there are`);
    }
    await this.send(res, (out) => this.sitemaps.writeProductsPage(origin, n, out, source.dataSource));
  }

  /** PUBLIC_URL, or the request's own origin (scheme as seen through TRUST_PROXY). */
  private origin(req: Request): string {
    const origin = siteOrigin(req, this.config.publicUrl);
    if (!origin) throw new BadRequestException('The Host header is not a host name to build links with; set PUBLIC_URL to the shop\'s public origin');
    return origin;
  }

  /**
   * Sets the caching headers (an ETag from the catalogue version, the URL, the origin links are
   * built on, the page size and the content coding, as the catalogue responses do) and answers 304
   * when the client holds this version: no query runs. With replicas, the version is the one the
   * server the sitemap is read from had at its last check (its data is at least that new).
   */
  private async notModified(req: Request, res: Response, origin: string, source: ReadTarget): Promise<boolean> {
    const version = this.routes.checkedVersion(source) ?? (await this.version.atLeast(this.routes.needs().version));
    const digest = createHash('sha1')
      .update(`${req.path}\n${origin}\n${this.sitemaps.pageSize}\n${negotiatedCoding(req.headers['accept-encoding'])}`)
      .digest('base64url');
    res.setHeader('ETag', `"${version}-${digest.slice(0, 22)}"`);
    res.setHeader('Cache-Control', SITEMAP_CACHE);
    if (!req.fresh) return false;
    res.status(304).end();
    return true;
  }

  /** Streams an XML document; a failure once it has started cuts the response off (never a 200 with half a document passing for whole). */
  private async send(res: Response, write: (out: NodeJS.WritableStream) => Promise<void>): Promise<void> {
    res.setHeader('Content-Type', XML_TYPE);
    if (res.req.method === 'HEAD') {
      res.end();
      return;
    }
    try {
      await write(res);
    } catch (error) {
      if (!res.headersSent) {
        res.removeHeader('ETag');
        res.removeHeader('Cache-Control');
        res.removeHeader('Content-Type');
        throw error;
      }
      this.logger.error(`sitemap ${res.req.path} cut off: ${(error as Error).message}`);
      res.destroy();
    }
  }
}
