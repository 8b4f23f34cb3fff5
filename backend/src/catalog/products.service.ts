import { Injectable, NotFoundException } from '@nestjs/common';
import { Transactions } from '../database/transactions.js';
import { CategoriesService } from './categories.service.js';
import { DEFAULT_PRODUCT_LIMIT, ListProductsQueryDto, parseIds } from './dto/list-products-query.dto.js';
import { DEFAULT_ARRAY_LIMIT, type Page, type PageQueryDto } from './dto/page-query.dto.js';
import { mapProduct, ProductDto, ProductListDto } from './dto/product.dto.js';
import { Product } from './product.entity.js';
import {
  countedPage,
  type CountedRows,
  correctedSearchSql,
  featuredProductsSql,
  listProductsSql,
  type PagedSql,
  type PageParams,
  productsByCategorySql,
  productsBySubcategorySql,
  productsByTypeSql,
  type ProductType,
  WORD_SIMILARITY_THRESHOLD_SQL,
} from './product-queries.js';
import { SubcategoriesService } from './subcategories.service.js';

@Injectable()
export class ProductsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly categories: CategoriesService,
    private readonly subcategories: SubcategoriesService,
  ) {}

  /** The page of products and its capped total (product-queries.ts countedPage). */
  private async run(sql: PagedSql, page: PageParams): Promise<CountedRows<ProductDto>> {
    const counted = await countedPage<Product>(sql, page, (statement) => this.transactions.manager.query(statement.text, statement.values));
    return { ...counted, rows: counted.rows.map(mapProduct) };
  }

  /**
   * SPEC §3 product filter, paginated. Unknown slugs simply match nothing here. With `ids`, every
   * match is on the one page (at most 100), whatever limit and page were asked for.
   */
  async list(query: ListProductsQueryDto): Promise<ProductListDto> {
    const ids = query.ids === undefined ? undefined : parseIds(query.ids);
    const filter = ids
      ? { ...query, ids, limit: ids.length, page: 1 }
      : { ...query, ids: undefined, limit: query.limit ?? DEFAULT_PRODUCT_LIMIT, page: query.page ?? 1 };
    let result = await this.run(listProductsSql(filter), filter);
    let correctedSearch: string | undefined;
    const term = filter.search?.trim();
    if (result.total === 0 && term) {
      correctedSearch = await this.correction(term);
      if (correctedSearch) result = await this.run(listProductsSql({ ...filter, search: correctedSearch }), filter);
    }
    return {
      products: result.rows,
      total: result.total,
      page: filter.page,
      limit: filter.limit,
      ...(result.totalCapped ? { totalCapped: true } : {}),
      ...(correctedSearch ? { correctedSearch } : {}),
    };
  }

  /** The word a missed search most likely meant ('implnt' → 'implant'), if any product name is close. */
  private correction(term: string): Promise<string | undefined> {
    return this.transactions.run(async (manager) => {
      await manager.query(WORD_SIMILARITY_THRESHOLD_SQL.text, WORD_SIMILARITY_THRESHOLD_SQL.values);
      const sql = correctedSearchSql(term);
      const [row] = (await manager.query(sql.text, sql.values)) as { word: string }[];
      return row && row.word !== term.toLowerCase() ? row.word : undefined;
    });
  }

  /** One product by id (digits) or slug, with its stored image bytes if any; 404 when unknown. */
  async findOne(idOrSlug: string): Promise<ProductDto> {
    const query = this.transactions.repository(Product).createQueryBuilder('p').addSelect('p.image_data');
    if (/^\d{1,10}$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647) query.where('p.id = :id OR p.slug = :slug', { id: Number(idOrSlug), slug: idOrSlug });
    else query.where('p.slug = :slug', { slug: idOrSlug });
    const product = await query.orderBy('p.id', 'ASC').getOne();
    if (!product) throw new NotFoundException(`Product '${idOrSlug}' not found`);
    return mapProduct(product);
  }

  byType(type: ProductType, page: PageQueryDto): Promise<Page<ProductDto>> {
    return this.pageOf((p) => productsByTypeSql(type, p), page);
  }

  /** 404 when the category does not exist; an empty page when it has no products. */
  async byCategorySlug(slug: string, page: PageQueryDto): Promise<Page<ProductDto>> {
    const category = await this.categories.findBySlug(slug);
    return this.pageOf((p) => productsByCategorySql(category.id, p), page);
  }

  async bySubcategorySlug(slug: string, page: PageQueryDto): Promise<Page<ProductDto>> {
    const subcategory = await this.subcategories.findBySlug(slug);
    return this.pageOf((p) => productsBySubcategorySql(subcategory.id, p), page);
  }

  featured(page: PageQueryDto): Promise<Page<ProductDto>> {
    return this.pageOf(featuredProductsSql, page);
  }

  /** A bounded page by name, never the whole list: the array endpoints report the rest in headers. */
  private async pageOf(sql: (page: PageParams) => PagedSql, { page = 1, limit = DEFAULT_ARRAY_LIMIT }: PageQueryDto): Promise<Page<ProductDto>> {
    const { rows, total, totalCapped } = await this.run(sql({ page, limit }), { page, limit });
    return { items: rows, total, totalCapped, page, limit };
  }
}
