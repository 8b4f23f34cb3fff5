import { Injectable, NotFoundException } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Transactions } from '../database/transactions.js';
import { CategoriesService } from './categories.service.js';
import { DEFAULT_PRODUCT_LIMIT, ListProductsQueryDto, parseIds, type ProductFacetsQueryDto } from './dto/list-products-query.dto.js';
import type { ProductFacetsDto, SearchSuggestionsDto } from './dto/search.dto.js';
import { DEFAULT_ARRAY_LIMIT, type Page, type PageQueryDto } from './dto/page-query.dto.js';
import { asImageUrl, mapProduct, ProductDto, ProductListDto } from './dto/product.dto.js';
import { Product } from './product.entity.js';
import { SEARCH_LIMITS } from '@dentalmarket/contracts';
import { hasPhrase, parseTsQuery, type TsQuery } from './search/tsquery.js';
import type { RemoteSearchIndex } from './search/search-index.thread.js';
import { SearchIndexService } from './search/search-index.service.js';
import {
  countedPage,
  FACET_RATINGS,
  productsByIdsSql,
  Params,
  searchQuery,
  TOTAL_CAP,
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

/** What the index counts for the results page's filters (as product-queries.ts productFacets). */
const FACETS = { manufacturersListed: SEARCH_LIMITS.facetManufacturers, ratings: FACET_RATINGS } as const;
/** One product with its image bytes, by id or slug (the lowest id first) and by slug alone: prepared statements (Transactions.prepared). */
const PRODUCT_BY_ID_OR_SLUG = `SELECT ${LIST_COLUMNS}, p.image_data FROM products p WHERE p.id = $2 OR p.slug = $1 ORDER BY p.id LIMIT 1`;
const PRODUCT_BY_SLUG = `SELECT ${LIST_COLUMNS}, p.image_data FROM products p WHERE p.slug = $1 ORDER BY p.id LIMIT 1`;

/** How many searches' readings ProductsService keeps (a few hundred bytes each). */
const PARSED_SEARCHES = 5000;
/** How many single words' readings it keeps (a catalogue's vocabulary, twice: as head and last word). */
const PARSED_WORDS = 50_000;
/** A search of plain ASCII words separated by single spaces: read word by word (ProductsService.composed). */
const PLAIN_WORDS = /^[A-Za-z]+(?: [A-Za-z]+)*$/;

@Injectable()
export class ProductsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly categories: CategoriesService,
    private readonly subcategories: SubcategoriesService,
    private readonly searchIndex: SearchIndexService,
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
   * match is on the one page (at most 100), whatever limit and page were asked for. A search (and
   * any request for facets) is answered from the search index when it can (search/), else by SQL.
   */
  async list(query: ListProductsQueryDto): Promise<ProductListDto> {
    const ids = query.ids === undefined ? undefined : parseIds(query.ids);
    const filter = ids
      ? { ...query, ids, limit: ids.length, page: 1 }
      : { ...query, ids: undefined, limit: query.limit ?? DEFAULT_PRODUCT_LIMIT, page: query.page ?? 1 };
    const term = filter.search?.trim();
    if (!ids && (term || query.facets)) {
      const indexed = await this.fromIndex(term, async (index, tsquery) =>
        index.search({ query: tsquery, filter, sort: filter.sort ?? (term ? 'relevance' : 'name'), page: filter.page, limit: filter.limit, facets: query.facets ? FACETS : undefined }),
      );
      if (indexed) {
        const { result, correctedSearch } = indexed;
        return {
          products: await this.productsByIds(result.ids),
          total: Math.min(result.total, TOTAL_CAP),
          page: filter.page,
          limit: filter.limit,
          ...(result.total > TOTAL_CAP ? { totalCapped: true } : {}),
          ...(correctedSearch ? { correctedSearch } : {}),
          ...(result.facets ? { facets: result.facets } : {}),
        };
      }
    }
    const { result, correctedSearch } = await this.withCorrection(filter.search, (search) => this.run(listProductsSql({ ...filter, search }), filter));
    const facets = query.facets && !ids ? await productFacets({ ...filter, search: correctedSearch ?? filter.search }, this.query) : undefined;
    return {
      products: result.rows,
      total: result.total,
      page: filter.page,
      limit: filter.limit,
      ...(result.totalCapped ? { totalCapped: true } : {}),
      ...(correctedSearch ? { correctedSearch } : {}),
      ...(facets ? { facets } : {}),
    };
  }

  /** The counts of the results page's filters for the list's filter (the search index, else product-queries.ts productFacets). */
  async facets(query: ProductFacetsQueryDto): Promise<ProductFacetsDto> {
    const ids = query.ids === undefined ? undefined : parseIds(query.ids);
    if (!ids) {
      const term = query.search?.trim();
      const options = { ...FACETS, manufacturerSearch: query.manufacturerSearch };
      const indexed = await this.fromIndex(term, async (index, tsquery) => index.search({ query: tsquery, filter: query, sort: 'name', page: 1, limit: 0, facets: options }));
      if (indexed) return { ...indexed.result.facets!, ...(indexed.correctedSearch ? { correctedSearch: indexed.correctedSearch } : {}) };
    }
    const { result, correctedSearch } = await this.withCorrection(query.search, (search) => productFacets({ ...query, ids, search }, this.query));
    return { ...result, ...(correctedSearch ? { correctedSearch } : {}) };
  }

  /** What the header offers while the shopper types `q` (trimmed, 2 to 200 characters). */
  async suggestions(q: string): Promise<SearchSuggestionsDto> {
    const tsquery = await this.tsquery(q);
    const index = tsquery === undefined ? undefined : await this.searchIndex.current();
    const found =
      index && tsquery !== undefined
        ? await index
            .suggestions({ query: tsquery, filter: {}, sort: 'relevance', page: 1, limit: SEARCH_LIMITS.suggestProducts, pageOnly: true }, q, SEARCH_LIMITS.suggestCategories)
            // an index thread that stopped under this request: SQL answers it
            .catch(() => undefined)
        : undefined;
    if (found) {
      // name, slug, type, manufacturer, price and image as the index holds them (as fresh as its matches)
      return {
        q,
        products: found.products.map((product) => ({ ...product, image_url: asImageUrl(product.image_url) })),
        categories: found.categories.map(({ id, name, slug, product_type }) => ({ id, name, slug, product_type })),
      };
    }
    const sql = suggestionsSql(q);
    const [row] = (await this.query(sql)) as Pick<SearchSuggestionsDto, 'products' | 'categories'>[];
    return { q, products: row!.products.map((product) => ({ ...product, image_url: asImageUrl(product.image_url) })), categories: row!.categories };
  }

  /**
   * PostgreSQL's own reading of a search (stems, stop words, websearch syntax, the last word as a
   * prefix: product-queries.ts searchQuery) as a tree, so the index matches the lexemes the
   * database would. Undefined for a phrase ('"dental unit"', 'x-ray'): the index keeps no word
   * positions, so those run in SQL. Null: nothing searchable (stop words only), which matches nothing.
   */
  private async tsquery(term: string): Promise<TsQuery | null | undefined> {
    const known = this.parsed.get(term);
    if (known !== undefined) return known.tree;
    const parsed = PLAIN_WORDS.test(term) && !/(^| )or( |$)/i.test(term) ? await this.composed(term) : await this.read(searchQuery, term);
    const tree = parsed && hasPhrase(parsed) ? undefined : parsed;
    this.parsed.set(term, { tree });
    return tree;
  }

  /** PostgreSQL's reading of `text` as the tsquery `build` makes of it. */
  private async read(build: (text: string, params: Params) => string, text: string): Promise<TsQuery | null> {
    const params = new Params();
    const expression = build(text, params);
    const [row] = (await this.query({ text: `SELECT (${expression})::text AS q`, values: params.values })) as { q: string }[];
    return parseTsQuery(row!.q);
  }

  /**
   * Plain words ('dental scal'): what websearch_to_tsquery makes of them is the AND of each word's
   * own reading (a stop word's is empty), the last word read as the prefix it is while typing
   * (product-queries.ts searchQuery). Each word is read from PostgreSQL once and kept, so a new
   * combination of known words costs no round trip (tested against the whole search's reading).
   */
  private async composed(term: string): Promise<TsQuery | null> {
    const words = term.toLowerCase().split(' ');
    const readings = await Promise.all(words.map((word, i) => this.wordReading(word, i === words.length - 1)));
    let tree: TsQuery | null = null;
    for (const reading of readings) if (reading) tree = tree ? { kind: 'and', left: tree, right: reading } : reading;
    return tree;
  }

  private async wordReading(word: string, last: boolean): Promise<TsQuery | null> {
    const key = `${last ? '*' : ' '}${word}`;
    const known = this.words.get(key);
    if (known !== undefined) return known.reading;
    // the last word alone is a search of one word: its prefix form; any other, websearch's reading
    const reading = await this.read(last ? searchQuery : (text, params) => `websearch_to_tsquery('english', ${params.add(text)})`, word);
    this.words.set(key, { reading });
    return reading;
  }

  /** Readings of single words (see composed), as head words and as the last word. */
  private readonly words = new LRUCache<string, { reading: TsQuery | null }>({ max: PARSED_WORDS });

  /**
   * PostgreSQL's readings of the latest searches (the text search configuration never changes
   * while the API runs, so the same text always reads the same): a search typed again, or each
   * page of it, skips that round trip. Not results: those are always evaluated against the index.
   */
  private readonly parsed = new LRUCache<string, { tree: TsQuery | null | undefined }>({ max: PARSED_SEARCHES });

  /**
   * `run` against the search index for `term` (none: every product), and when a search found
   * nothing, again with the word it most likely meant; undefined when the index cannot answer
   * (not loaded, off, a phrase), and the caller runs SQL instead.
   */
  private async fromIndex<Result extends { total: number }>(
    term: string | undefined,
    run: (index: RemoteSearchIndex, query: TsQuery | null | undefined) => Promise<Result>,
  ): Promise<{ result: Result; correctedSearch?: string } | undefined> {
    if (!this.searchIndex.enabled) return undefined;
    const searchOnce = async (text: string | undefined) => {
      const tsquery = text ? await this.tsquery(text) : null;
      if (text && tsquery === undefined) return undefined;
      const index = await this.searchIndex.current();
      // an index thread that stopped under this search: SQL answers it (as while loading)
      return index ? run(index, text ? tsquery : undefined).catch(() => undefined) : undefined;
    };
    const result = await searchOnce(term);
    if (!result) return undefined;
    if (result.total > 0 || !term) return { result };
    const index = await this.searchIndex.current();
    const correctedSearch = index ? await index.correction(term).catch(() => this.correction(term)) : await this.correction(term);
    if (!correctedSearch) return { result };
    const corrected = await searchOnce(correctedSearch);
    return corrected ? { result: corrected, correctedSearch } : undefined;
  }

  /** The list's rows for the index's page of ids, in the index's order (a product deleted since is left out). */
  private async productsByIds(ids: number[]): Promise<ProductDto[]> {
    if (ids.length === 0) return [];
    const { text, values } = productsByIdsSql(ids);
    const rows = (await this.transactions.prepared('products-by-ids', text, values)) as Product[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [mapProduct(row)] : [];
    });
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
    const [product] = (await this.transactions.prepared(
      byId ? 'product-by-id-or-slug' : 'product-by-slug',
      byId ? PRODUCT_BY_ID_OR_SLUG : PRODUCT_BY_SLUG,
      byId ? [idOrSlug, Number(idOrSlug)] : [idOrSlug],
    )) as Product[];
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
