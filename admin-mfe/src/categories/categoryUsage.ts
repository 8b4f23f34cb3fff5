import type { CategoryUsage } from '@dentalmarket/contracts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the delete confirmation says about a category's contents. The server refuses to delete a
 * category that still has products, so the dialog says so with the count and Delete stays off;
 * otherwise it names the subcategories that go with it.
 */
export function categoryDeleteNotice(usage: CategoryUsage): { text: string; blocked: boolean } {
  if (usage.product_count > 0) {
    return { text: `This category has ${count(usage.product_count, 'product', 'products')}. Move or delete them before deleting the category.`, blocked: true };
  }
  const subcategories = usage.subcategory_count
    ? `Its ${count(usage.subcategory_count, 'subcategory', 'subcategories')} will be deleted too.`
    : 'It has no products and no subcategories.';
  return { text: subcategories, blocked: false };
}
