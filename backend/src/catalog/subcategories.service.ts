import { Injectable, NotFoundException } from '@nestjs/common';
import { Transactions } from '../database/transactions.js';
import { mapSubcategory, SubcategoryDto } from './dto/subcategory.dto.js';
import { Subcategory } from './subcategory.entity.js';

@Injectable()
export class SubcategoriesService {
  constructor(private readonly transactions: Transactions) {}

  /** Subcategories (optionally of one category) by sort_order then name. */
  async list(categoryId?: number): Promise<SubcategoryDto[]> {
    const subcategories = await this.transactions.repository(Subcategory).find({
      where: categoryId ? { category_id: categoryId } : {},
      order: { sort_order: 'ASC', name: 'ASC', id: 'ASC' },
    });
    return subcategories.map(mapSubcategory);
  }

  async findBySlug(slug: string): Promise<Subcategory> {
    const subcategory = await this.transactions.repository(Subcategory).findOneBy({ slug });
    if (!subcategory) throw new NotFoundException(`Subcategory '${slug}' not found`);
    return subcategory;
  }

  /** Deletes a subcategory; its products stay in the category with no subcategory (FK SET NULL). */
  async remove(id: number): Promise<void> {
    const result = await this.transactions.repository(Subcategory).delete({ id });
    if (!result.affected) throw new NotFoundException(`Subcategory ${id} not found`);
  }
}
