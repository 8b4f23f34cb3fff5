import type { EntityManager } from 'typeorm';
import type { MissingCategory, ProductType } from '@dentalmarket/contracts';

interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  product_type: ProductType;
}
interface SubcategoryRow {
  id: number;
  name: string;
  slug: string;
  category_id: number;
}

const key = (text: string) => text.trim().toLowerCase();

/**
 * Finds the categories and subcategories a file names, by slug or by name (case-insensitive): a
 * category among those of the row's product type, a subcategory within its category. The catalogue's
 * few hundred categories are read once per import.
 */
export class CategoryResolver {
  private readonly categories = new Map<string, CategoryRow>();
  private readonly subcategories = new Map<string, SubcategoryRow>();

  private constructor(categories: CategoryRow[], subcategories: SubcategoryRow[]) {
    // names first, then slugs: a slug wins when one category's name is another's slug
    for (const c of categories) this.categories.set(`${c.product_type}\0${key(c.name)}`, c);
    for (const c of categories) this.categories.set(`${c.product_type}\0${c.slug}`, c);
    for (const s of subcategories) this.subcategories.set(`${s.category_id}\0${key(s.name)}`, s);
    for (const s of subcategories) this.subcategories.set(`${s.category_id}\0${s.slug}`, s);
  }

  static async load(manager: EntityManager): Promise<CategoryResolver> {
    const [categories, subcategories] = await Promise.all([
      manager.query(`SELECT id, name, slug, product_type FROM categories`) as Promise<CategoryRow[]>,
      manager.query(`SELECT id, name, slug, category_id FROM subcategories`) as Promise<SubcategoryRow[]>,
    ]);
    return new CategoryResolver(categories, subcategories);
  }

  category(productType: ProductType, name: string): CategoryRow | undefined {
    return this.categories.get(`${productType}\0${key(name)}`);
  }

  subcategory(categoryId: number, name: string): SubcategoryRow | undefined {
    return this.subcategories.get(`${categoryId}\0${key(name)}`);
  }
}

/** The categories and subcategories a file names that do not exist, each with the rows naming it. */
export class MissingCategories {
  private readonly found = new Map<string, MissingCategory>();

  category(productType: ProductType, name: string): void {
    this.count(`c\0${productType}\0${key(name)}`, { kind: 'category', name: name.trim(), product_type: productType, parent: null });
  }

  subcategory(productType: ProductType, parent: string, name: string): void {
    this.count(`s\0${productType}\0${key(parent)}\0${key(name)}`, { kind: 'subcategory', name: name.trim(), product_type: productType, parent: parent.trim() });
  }

  private count(id: string, missing: Omit<MissingCategory, 'rows'>): void {
    const known = this.found.get(id);
    if (known) known.rows += 1;
    else this.found.set(id, { ...missing, rows: 1 });
  }

  list(): MissingCategory[] {
    return [...this.found.values()];
  }
}
