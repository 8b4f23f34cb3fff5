import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { ProductType } from '@dentalmarket/contracts';
import { Transactions } from '../database/transactions.js';
import { Category } from './category.entity.js';
import { CategoryDto, mapCategory } from './dto/category.dto.js';
import { Product } from './product.entity.js';
import { Subcategory } from './subcategory.entity.js';

@Injectable()
export class CategoriesService {
  constructor(private readonly transactions: Transactions) {}

  /** Categories (optionally of one product type) by sort_order then name, with subcategory counts. */
  async list(productType?: ProductType): Promise<CategoryDto[]> {
    const categories = await this.transactions.repository(Category).find({
      where: productType ? { product_type: productType } : {},
      order: { sort_order: 'ASC', name: 'ASC', id: 'ASC' },
    });
    if (categories.length === 0) return [];
    const counts: { category_id: number; count: string }[] = await this.transactions
      .repository(Subcategory)
      .createQueryBuilder('s')
      .select('s.category_id', 'category_id')
      .addSelect('COUNT(*)', 'count')
      .where('s.category_id IN (:...ids)', { ids: categories.map((c) => c.id) })
      .groupBy('s.category_id')
      .getRawMany();
    const byId = new Map(counts.map((row) => [Number(row.category_id), Number(row.count)]));
    return categories.map((category) => mapCategory(category, byId.get(category.id) ?? 0));
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
