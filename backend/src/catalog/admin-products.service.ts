import { Injectable } from '@nestjs/common';
import type { AdminProductSortField } from '@dentalmarket/contracts';
import { Transactions } from '../database/transactions.js';
import type { AdminProductListDto, AdminProductListQueryDto } from './dto/admin-product-list.dto.js';
import { mapProduct } from './dto/product.dto.js';
import { likePattern } from './product-queries.js';
import { Product } from './product.entity.js';

const SORT_COLUMNS: Record<AdminProductSortField, string> = {
  name: 'p.name',
  product_type: 'p.product_type',
  category: 'c.name',
  price: 'p.price',
  in_stock: 'p.in_stock',
  created_at: 'p.created_at',
};

/**
 * The admin product grid's reads: one page at a time, sorted, filtered and searched by the
 * server, so the grid stays instant on a large catalogue. Never cached (SPEC §2: no caching).
 */
@Injectable()
export class AdminProductsService {
  constructor(private readonly transactions: Transactions) {}

  async list(filter: AdminProductListQueryDto): Promise<AdminProductListDto> {
    const limit = filter.limit ?? 25;
    const page = filter.page ?? 1;
    const query = this.transactions
      .repository(Product)
      .createQueryBuilder('p')
      .leftJoin('p.category', 'c')
      .addSelect(['c.id', 'c.name'])
      .leftJoin('p.subcategory', 's')
      .addSelect(['s.id', 's.name']);
    if (filter.productType) query.andWhere('p.product_type = :productType', { productType: filter.productType });
    if (filter.categoryId !== undefined) query.andWhere('p.category_id = :categoryId', { categoryId: filter.categoryId });
    if (filter.subcategoryId !== undefined) query.andWhere('p.subcategory_id = :subcategoryId', { subcategoryId: filter.subcategoryId });
    const term = filter.search?.trim();
    if (term) {
      query.andWhere('(p.name ILIKE :term OR p.description ILIKE :term OR p.manufacturer ILIKE :term)', { term: likePattern(term) });
    }
    const direction = filter.sortDirection === 'desc' ? 'DESC' : 'ASC';
    query.orderBy(SORT_COLUMNS[filter.sortField ?? 'name'], direction).addOrderBy('p.id', direction);
    // many-to-one joins never multiply rows, so a plain OFFSET/LIMIT pages correctly
    const [products, total] = await query
      .offset((page - 1) * limit)
      .limit(limit)
      .getManyAndCount();
    return {
      products: products.map((product) => ({
        ...mapProduct(product),
        category_name: product.category?.name ?? '',
        subcategory_name: product.subcategory?.name ?? null,
      })),
      total,
      page,
      limit,
    };
  }
}
