import { Injectable, NotFoundException } from '@nestjs/common';
import { Transactions } from '../database/transactions.js';
import { CategoriesService } from './categories.service.js';
import { DEFAULT_PRODUCT_LIMIT, ListProductsQueryDto, parseIds, type ProductFacetsQueryDto } from './dto/list-products-query.dto.js';
import type { ProductFacetsDto, SearchSuggestionsDto } from './dto/search.dto.js';
import { DEFAULT_ARRAY_LIMIT, type Page, type PageQueryDto } from './dto/page-query.dto.js';
import { asImageUrl, mapProduct, ProductDto, ProductListDto } from './dto/product.dto.js';
import { Product } from './product.entity.js';
import {
  countedPage,
  type CountedRows,
  correctedSearchSql,
  featuredProductsSql,
  LIST_COLUMNS,
  listProductsSql,
  type PagedSql,
  type PageParams,
  productsByCategorySql,
  productsBySubcategorySql,
  productFacets,
  productsByTypeSql,
  type ProductType,
  type Sql,
  suggestionsSql,
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

  /** Runs one statement of product-queries.ts. */
  private readonly query = (statement: Sql): Promise<unknown[]> => this.transactions.manager.query(statement.text, statement.values);

  /** The page of products and its capped total (product-queries.ts countedPage). */
  private async run(sql: PagedSql, page: PageParams): Promise<CountedRows<ProductDto>> {
    const counted = await countedPage<Product>(sql, page, this.query);
    return { ...counted, rows: counted.rows.map(mapProduct) };
  }

  /**
   * `search(term)`, and when a term found nothing, `search(corrected)` with the word it most
   * likely meant, reported as `correctedSearch` (the list and the facets alike).
   */
  private async withCorrection<Result extends { total: number }>(
    term: string | undefined,
    search: (term: string | undefined) => Promise<Result>,
  ): Promise<{ result: Result; correctedSearch?: string }> {
    const trimmed = term?.trim();
    const result = await search(trimmed);
    if (result.total > 0 || !trimmed) return { result };
    const correctedSearch = await this.correction(trimmed);
    return correctedSearch ? { result: await search(correctedSearch), correctedSearch } : { result };
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
    const { result, correctedSearch } = await this.withCorrection(filter.search, (search) => this.run(listProductsSql({ ...filter, search }), filter));
    return {
      products: result.rows,
      total: result.total,
      page: filter.page,
      limit: filter.limit,
      ...(result.totalCapped ? { totalCapped: true } : {}),
      ...(correctedSearch ? { correctedSearch } : {}),
    };
  }

  /** The counts of the results page's filters for the list's filter (product-queries.ts productFacets). */
  async facets(query: ProductFacetsQueryDto): Promise<ProductFacetsDto> {
    const ids = query.ids === undefined ? undefined : parseIds(query.ids);
    const { result, correctedSearch } = await this.withCorrection(query.search, (search) => productFacets({ ...query, ids, search }, this.query));
    return { ...result, ...(correctedSearch ? { correctedSearch } : {}) };
  }

  /** What the header offers while the shopper types `q` (trimmed, 2 to 200 characters). */
  async suggestions(q: string): Promise<SearchSuggestionsDto> {
    const sql = suggestionsSql(q);
    const [row] = (await this.query(sql)) as Pick<SearchSuggestionsDto, 'products' | 'categories'>[];
    return { q, products: row!.products.map((product) => ({ ...product, image_url: asImageUrl(product.image_url) })), categories: row!.categories };
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

  /**
   * One product by id (digits) or slug, with its stored image bytes if any; 404 when unknown. One
   * parameterised statement mapped like the list's rows: TypeORM's query builder built the same
   * SELECT anew on every call and hydrated an entity first, which cost about as much CPU as the rest
   * of the request (issue 19's single-product cell). An id that is also another product's slug
   * ('123') answers the id, as before (lowest id first).
   */
  async findOne(idOrSlug: string): Promise<ProductDto> {
    const byId = /^\d{1,10}$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647;
    const [product] = (await this.query({
      text: `SELECT ${LIST_COLUMNS}, p.image_data FROM products p WHERE ${byId ? 'p.id = $2 OR ' : ''}p.slug = $1 ORDER BY p.id LIMIT 1`,
      values: byId ? [idOrSlug, Number(idOrSlug)] : [idOrSlug],
    })) as Product[];
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
