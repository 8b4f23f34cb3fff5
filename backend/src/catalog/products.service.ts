import { Injectable, NotFoundException } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import type { ProductSort, ProductType } from '@dentalmarket/contracts';
import { Transactions } from '../database/transactions.js';
import { CategoriesService } from './categories.service.js';
import { DEFAULT_PRODUCT_LIMIT, ListProductsQueryDto } from './dto/list-products-query.dto.js';
import { DEFAULT_ARRAY_LIMIT, type Page, type PageQueryDto } from './dto/page-query.dto.js';
import { mapProduct, ProductDto, ProductListDto } from './dto/product.dto.js';
import { Product } from './product.entity.js';
import { SubcategoriesService } from './subcategories.service.js';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function applySort(query: SelectQueryBuilder<Product>, sort: ProductSort | undefined): void {
  switch (sort) {
    case 'price-asc':
      query.orderBy('p.price', 'ASC');
      break;
    case 'price-desc':
      query.orderBy('p.price', 'DESC');
      break;
    case 'newest':
      query.orderBy('p.created_at', 'DESC').addOrderBy('p.id', 'DESC');
      break;
    case 'rating':
      query.orderBy('p.rating', 'DESC', 'NULLS LAST').addOrderBy('p.reviews_count', 'DESC');
      break;
    default:
      query.orderBy('p.name', 'ASC');
  }
  query.addOrderBy('p.id', 'ASC');
}

@Injectable()
export class ProductsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly categories: CategoriesService,
    private readonly subcategories: SubcategoriesService,
  ) {}

  private query(): SelectQueryBuilder<Product> {
    return this.transactions.repository(Product).createQueryBuilder('p');
  }

  /** SPEC §3 product filter, paginated. Unknown slugs simply match nothing here. */
  async list(filter: ListProductsQueryDto): Promise<ProductListDto> {
    const limit = filter.limit ?? DEFAULT_PRODUCT_LIMIT;
    const page = filter.page ?? 1;
    const query = this.query();
    if (filter.categorySlug) {
      query.innerJoin('p.category', 'c').andWhere('c.slug = :categorySlug', { categorySlug: filter.categorySlug });
    }
    if (filter.subcategorySlug) {
      query
        .innerJoin('p.subcategory', 's')
        .andWhere('s.slug = :subcategorySlug', { subcategorySlug: filter.subcategorySlug });
    }
    if (filter.categoryId !== undefined) query.andWhere('p.category_id = :categoryId', { categoryId: filter.categoryId });
    if (filter.subcategoryId !== undefined) {
      query.andWhere('p.subcategory_id = :subcategoryId', { subcategoryId: filter.subcategoryId });
    }
    if (filter.productType) query.andWhere('p.product_type = :productType', { productType: filter.productType });
    if (filter.featured !== undefined) query.andWhere('p.is_featured = :featured', { featured: filter.featured });
    if (filter.new !== undefined) query.andWhere('p.is_new = :isNew', { isNew: filter.new });
    if (filter.inStock !== undefined) query.andWhere('p.in_stock = :inStock', { inStock: filter.inStock });
    const term = filter.search?.trim();
    if (term) {
      query.andWhere('(p.name ILIKE :term OR p.description ILIKE :term)', { term: likePattern(term) });
    }
    applySort(query, filter.sort);
    const [products, total] = await query
      .skip((page - 1) * limit)
      .take(limit)
      .getManyAndCount();
    return { products: products.map(mapProduct), total, page, limit };
  }

  /** One product by id (digits) or slug, with its stored image bytes if any; 404 when unknown. */
  async findOne(idOrSlug: string): Promise<ProductDto> {
    const query = this.query().addSelect('p.image_data');
    if (/^\d{1,10}$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647) query.where('p.id = :id OR p.slug = :slug', { id: Number(idOrSlug), slug: idOrSlug });
    else query.where('p.slug = :slug', { slug: idOrSlug });
    const product = await query.orderBy('p.id', 'ASC').getOne();
    if (!product) throw new NotFoundException(`Product '${idOrSlug}' not found`);
    return mapProduct(product);
  }

  byType(type: ProductType, page: PageQueryDto): Promise<Page<ProductDto>> {
    return this.pageOf(this.query().where('p.product_type = :type', { type }), page);
  }

  /** 404 when the category does not exist; an empty page when it has no products. */
  async byCategorySlug(slug: string, page: PageQueryDto): Promise<Page<ProductDto>> {
    const category = await this.categories.findBySlug(slug);
    return this.pageOf(this.query().where('p.category_id = :id', { id: category.id }), page);
  }

  async bySubcategorySlug(slug: string, page: PageQueryDto): Promise<Page<ProductDto>> {
    const subcategory = await this.subcategories.findBySlug(slug);
    return this.pageOf(this.query().where('p.subcategory_id = :id', { id: subcategory.id }), page);
  }

  featured(page: PageQueryDto): Promise<Page<ProductDto>> {
    return this.pageOf(this.query().where('p.is_featured = true'), page);
  }

  /** A bounded page by name, never the whole list: the array endpoints report the rest in headers. */
  private async pageOf(query: SelectQueryBuilder<Product>, { page = 1, limit = DEFAULT_ARRAY_LIMIT }: PageQueryDto): Promise<Page<ProductDto>> {
    const [products, total] = await query
      .orderBy('p.name', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .skip((page - 1) * limit)
      .take(limit)
      .getManyAndCount();
    return { items: products.map(mapProduct), total, page, limit };
  }
}
