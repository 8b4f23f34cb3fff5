import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { mapSubcategory, SubcategoryDto } from './dto/subcategory.dto.js';
import { Subcategory } from './subcategory.entity.js';

@Injectable()
export class SubcategoriesService {
  constructor(private readonly dataSource: DataSource) {}

  /** Subcategories (optionally of one category) by sort_order then name. */
  async list(categoryId?: number): Promise<SubcategoryDto[]> {
    const subcategories = await this.dataSource.getRepository(Subcategory).find({
      where: categoryId ? { category_id: categoryId } : {},
      order: { sort_order: 'ASC', name: 'ASC', id: 'ASC' },
    });
    return subcategories.map(mapSubcategory);
  }

  async findBySlug(slug: string): Promise<Subcategory> {
    const subcategory = await this.dataSource.getRepository(Subcategory).findOneBy({ slug });
    if (!subcategory) throw new NotFoundException(`Subcategory '${slug}' not found`);
    return subcategory;
  }

  /** Deletes a subcategory; its products stay in the category with no subcategory (FK SET NULL). */
  async remove(id: number): Promise<void> {
    const result = await this.dataSource.getRepository(Subcategory).delete({ id });
    if (!result.affected) throw new NotFoundException(`Subcategory ${id} not found`);
  }
}
