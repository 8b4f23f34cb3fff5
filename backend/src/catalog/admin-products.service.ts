import { Injectable } from '@nestjs/common';
import { Transactions } from '../database/transactions.js';
import { adminProductsSql } from './admin-product-queries.js';
import type { AdminProductListDto, AdminProductListQueryDto } from './dto/admin-product-list.dto.js';
import { mapProduct } from './dto/product.dto.js';
import { countedPage } from './product-queries.js';
import type { Product } from './product.entity.js';

type AdminRow = Product & { category_name: string; subcategory_name: string | null };

/**
 * The admin product grid's reads: one page at a time, sorted, filtered and searched by the
 * server through index walks (admin-product-queries.ts), so the grid stays instant on a large
 * catalogue. The total is exact. Never cached (SPEC §2: no caching).
 */
@Injectable()
export class AdminProductsService {
  constructor(private readonly transactions: Transactions) {}

  async list(query: AdminProductListQueryDto): Promise<AdminProductListDto> {
    const filter = { ...query, limit: query.limit ?? 25, page: query.page ?? 1 };
    const { rows, total } = await countedPage<AdminRow>(
      adminProductsSql(filter),
      filter,
      (statement) => this.transactions.manager.query(statement.text, statement.values),
      Infinity,
    );
    return {
      products: rows.map((row) => ({ ...mapProduct(row), category_name: row.category_name, subcategory_name: row.subcategory_name })),
      total,
      page: filter.page,
      limit: filter.limit,
    };
  }
}
