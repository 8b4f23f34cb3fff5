import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { ProductType } from '@dentalmarket/contracts';
import { Transactions } from '../database/transactions.js';
import { Category } from './category.entity.js';
import { CategoryDto, mapCategory } from './dto/category.dto.js';
import { categoriesSql } from './product-queries.js';
import { Product } from './product.entity.js';

@Injectable()
export class CategoriesService {
  constructor(private readonly transactions: Transactions) {}

  /** Categories (optionally of one product type) by sort_order then name, with subcategory counts: one query. */
  async list(productType?: ProductType): Promise<CategoryDto[]> {
    const sql = categoriesSql(productType);
    const rows: (Category & { subcategory_count: number })[] = await this.transactions.manager.query(sql.text, sql.values);
    return rows.map((row) => mapCategory(row, row.subcategory_count));
  }

  async findBySlug(slug: string): Promise<Category> {
    const category = await this.transactions.repository(Category).findOneBy({ slug });
    if (!category) throw new NotFoundException(`Category '${slug}' not found`);
    return category;
  }

  /**
   * Deletes a category and its subcategories. Refused (409) while it still has products: the
   * products' foreign key is RESTRICT, and the count tells the admin what to move first.
   */
  async remove(id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const category = await manager.findOneBy(Category, { id });
      if (!category) throw new NotFoundException(`Category ${id} not found`);
      const products = await manager.countBy(Product, { category_id: id });
      if (products > 0) {
        throw new ConflictException(
          `Category has ${products} ${products === 1 ? 'product' : 'products'}; move or delete them first`,
        );
      }
      await manager.delete(Category, { id });
    });
  }
}
