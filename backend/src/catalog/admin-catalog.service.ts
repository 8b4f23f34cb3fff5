import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { type EntityManager, type EntityTarget, In } from 'typeorm';
import { slugify, slugifyAdmin, withHttps } from '@dentalmarket/contracts';
import { Transactions } from '../database/transactions.js';
import { emitWebhookEvent, emitWebhookEvents } from '../webhooks/webhook-events.js';
import { Category } from './category.entity.js';
import type {
  CategoryUsageDto,
  CreateCategoryDto,
  CreateProductDto,
  CreateSubcategoryDto,
  DeleteResultDto,
  UpdateCategoryDto,
  UpdateProductDto,
  UpdateSubcategoryDto,
} from './dto/admin-catalog.dto.js';
import { CategoryDto, mapCategory } from './dto/category.dto.js';
import { mapProduct, ProductDto } from './dto/product.dto.js';
import { mapSubcategory, SubcategoryDto } from './dto/subcategory.dto.js';
import { Product } from './product.entity.js';
import { Subcategory } from './subcategory.entity.js';

/** SPEC §5: the image shown when an admin gives none. */
export const PLACEHOLDER_IMAGE_URL = '/media/seed/placeholder.svg';

type Sluggable = typeof Category | typeof Subcategory | typeof Product;

/** SPEC §5 admin product form: punctuation (hyphens too) removed, whitespace to hyphens; kept URL-safe. */
export const productSlug = (name: string) => slugifyAdmin(name.trim()).replace(/_/g, '').replace(/^-+|-+$/g, '');

/** A link the admin typed without a scheme gets https:// (SPEC §5). */
export function withScheme(link: string | null | undefined): string | null {
  const value = link?.trim();
  return value ? withHttps(value) : null;
}

/**
 * `product.updated` for products a category or subcategory change moved, read as they are now in the
 * transaction (the webhooks' data is the product as the admin API returns it).
 */
async function emitProductsUpdated(manager: EntityManager, where: { category_id?: number; subcategory_id?: number } | { ids: number[] }): Promise<void> {
  const products = 'ids' in where ? (where.ids.length ? await manager.findBy(Product, { id: In(where.ids) }) : []) : await manager.findBy(Product, where);
  await emitWebhookEvents(manager, products.map((product) => ({ type: 'product.updated' as const, resourceType: 'product' as const, resourceId: product.id, data: mapProduct(product) })));
}

/**
 * The admin's writes to the catalogue (SPEC §7 /api/admin): the spec's defaults applied on the
 * server, slugs unique (generated from the name when empty, 409 when a given one is taken), every
 * multi-row change in one transaction, with its products' webhook events (product.created, .updated,
 * .deleted: the product as this API returns it, written in the same transaction).
 */
@Injectable()
export class AdminCatalogService {
  constructor(private readonly transactions: Transactions) {}

  /** The slug asked for (409 when another row has it), or one made from the name and kept unique. */
  private async slugFor(
    manager: EntityManager,
    entity: Sluggable,
    name: string,
    wanted: string | undefined,
    id?: number,
    rule: (name: string) => string = slugify,
  ): Promise<string> {
    const taken = async (slug: string) => {
      const row = await manager.findOne(entity as EntityTarget<{ id: number; slug: string }>, { where: { slug }, select: { id: true } });
      return row !== null && row.id !== id;
    };
    if (wanted) {
      if (await taken(wanted)) throw new ConflictException(`The slug '${wanted}' is already used`);
      return wanted;
    }
    const base = rule(name) || 'item';
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await taken(slug))) return slug;
    }
  }

  private async assertPlacement(manager: EntityManager, categoryId: number, subcategoryId: number | null | undefined): Promise<void> {
    if (!(await manager.existsBy(Category, { id: categoryId }))) throw new BadRequestException(`category_id ${categoryId} is not a category`);
    if (subcategoryId === null || subcategoryId === undefined) return;
    const subcategory = await manager.findOneBy(Subcategory, { id: subcategoryId });
    if (!subcategory) throw new BadRequestException(`subcategory_id ${subcategoryId} is not a subcategory`);
    if (subcategory.category_id !== categoryId) throw new BadRequestException(`subcategory_id ${subcategoryId} does not belong to category ${categoryId}`);
  }

  // ---- categories ----

  createCategory(input: CreateCategoryDto): Promise<CategoryDto> {
    return this.transactions.run(async (manager) => {
      const slug = await this.slugFor(manager, Category, input.name, input.slug || undefined);
      const saved = await manager.save(Category, manager.create(Category, { ...input, slug }));
      return mapCategory(saved, 0);
    });
  }

  updateCategory(id: number, input: UpdateCategoryDto): Promise<CategoryDto> {
    return this.transactions.run(async (manager) => {
      const category = await manager.findOneBy(Category, { id });
      if (!category) throw new NotFoundException(`Category ${id} not found`);
      const slug = input.slug ? await this.slugFor(manager, Category, input.name ?? category.name, input.slug, id) : category.slug;
      const saved = await manager.save(Category, { ...category, ...input, slug });
      return mapCategory(saved, await manager.countBy(Subcategory, { category_id: id }));
    });
  }

  /** What deleting the category would touch, for the admin's confirmation; 404 when unknown. */
  async categoryUsage(id: number): Promise<CategoryUsageDto> {
    const [row] = await this.transactions.manager.query(
      `SELECT (SELECT count(*)::int FROM products WHERE category_id = c.id) AS product_count,
              (SELECT count(*)::int FROM subcategories WHERE category_id = c.id) AS subcategory_count
         FROM categories c WHERE c.id = $1`,
      [id],
    );
    if (!row) throw new NotFoundException(`Category ${id} not found`);
    return row;
  }

  /** Deletes a category with its subcategories; refused (409) while products still belong to it. */
  removeCategory(id: number): Promise<DeleteResultDto> {
    return this.transactions.run(async (manager) => {
      const category = await manager.findOneBy(Category, { id });
      if (!category) throw new NotFoundException(`Category ${id} not found`);
      const products = await manager.countBy(Product, { category_id: id });
      if (products > 0) {
        throw new ConflictException(`Category has ${products} ${products === 1 ? 'product' : 'products'}; move or delete them first`);
      }
      const subcategories = await manager.countBy(Subcategory, { category_id: id });
      await manager.delete(Category, { id });
      return { message: 'Category deleted', affected: { categories: 1, subcategories } };
    });
  }

  // ---- subcategories ----

  createSubcategory(input: CreateSubcategoryDto): Promise<SubcategoryDto> {
    return this.transactions.run(async (manager) => {
      await this.assertPlacement(manager, input.category_id, null);
      const slug = await this.slugFor(manager, Subcategory, input.name, input.slug || undefined);
      return mapSubcategory(await manager.save(Subcategory, manager.create(Subcategory, { ...input, slug })));
    });
  }

  updateSubcategory(id: number, input: UpdateSubcategoryDto): Promise<SubcategoryDto> {
    return this.transactions.run(async (manager) => {
      const subcategory = await manager.findOneBy(Subcategory, { id });
      if (!subcategory) throw new NotFoundException(`Subcategory ${id} not found`);
      if (input.category_id !== undefined && input.category_id !== subcategory.category_id) {
        await this.assertPlacement(manager, input.category_id, null);
        // its products follow it to the new category
        await manager.update(Product, { subcategory_id: id }, { category_id: input.category_id });
        await emitProductsUpdated(manager, { subcategory_id: id });
      }
      const slug = input.slug ? await this.slugFor(manager, Subcategory, input.name ?? subcategory.name, input.slug, id) : subcategory.slug;
      return mapSubcategory(await manager.save(Subcategory, { ...subcategory, ...input, slug }));
    });
  }

  /** Deletes a subcategory; its products stay in the category without a subcategory, and the answer counts them. */
  removeSubcategory(id: number): Promise<DeleteResultDto> {
    return this.transactions.run(async (manager) => {
      if (!(await manager.existsBy(Subcategory, { id }))) throw new NotFoundException(`Subcategory ${id} not found`);
      const unassigned = await manager.find(Product, { where: { subcategory_id: id }, select: { id: true } });
      const productsUnassigned = unassigned.length;
      await manager.delete(Subcategory, { id });
      // the foreign key set their subcategory_id to NULL
      await emitProductsUpdated(manager, { ids: unassigned.map((product) => product.id) });
      return { message: 'Subcategory deleted', affected: { subcategories: 1, productsUnassigned } };
    });
  }

  // ---- order ----

  /**
   * Moves an item to a new index among its siblings (categories of the same product type, or
   * subcategories of the same category) and renumbers them 0…n-1 in one transaction. The siblings
   * are locked first (FOR UPDATE, in id order), so concurrent reorders run one after the other and
   * never leave two items on one position.
   */
  reorder(entity: 'category' | 'subcategory', id: number, sortOrder: number): Promise<Array<{ id: number; sort_order: number }>> {
    const table = entity === 'category' ? 'categories' : 'subcategories';
    const group = entity === 'category' ? 'product_type' : 'category_id';
    return this.transactions.run(async (manager) => {
      const [item] = await manager.query(`SELECT "${group}" AS grp FROM "${table}" WHERE id = $1`, [id]);
      if (!item) throw new NotFoundException(`${entity === 'category' ? 'Category' : 'Subcategory'} ${id} not found`);
      await manager.query(`SELECT id FROM "${table}" WHERE "${group}" = $1 ORDER BY id FOR UPDATE`, [item.grp]);
      const siblings: Array<{ id: number }> = await manager.query(
        `SELECT id FROM "${table}" WHERE "${group}" = $1 ORDER BY sort_order, name, id`,
        [item.grp],
      );
      const order = siblings.map((row) => row.id).filter((rowId) => rowId !== id);
      order.splice(Math.min(sortOrder, order.length), 0, id);
      await manager.query(
        `UPDATE "${table}" AS t SET sort_order = o.position - 1
           FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position)
          WHERE t.id = o.id AND t.sort_order <> o.position - 1`,
        [order],
      );
      return order.map((rowId, index) => ({ id: rowId, sort_order: index }));
    });
  }

  // ---- products ----

  createProduct(input: CreateProductDto): Promise<ProductDto> {
    return this.transactions.run(async (manager) => {
      await this.assertPlacement(manager, input.category_id, input.subcategory_id);
      const slug = await this.slugFor(manager, Product, input.name, input.slug || undefined, undefined, productSlug);
      const product = manager.create(Product, {
        ...input,
        description: input.description?.trim() || 'Product description',
        price: input.price?.toString().trim() || '0',
        image_url: input.image_url?.trim() || (input.image_data ? null : PLACEHOLDER_IMAGE_URL),
        affiliate_link: withScheme(input.affiliate_link),
        rating: input.rating || null,
        subcategory_id: input.subcategory_id ?? null,
        slug,
      });
      const saved = await manager.save(Product, product);
      // read back as stored: numeric columns come out in their canonical form ('0' → '0.00')
      const created = mapProduct(await manager.findOneByOrFail(Product, { id: saved.id }));
      await emitWebhookEvent(manager, { type: 'product.created', resourceType: 'product', resourceId: created.id, data: created });
      return created;
    });
  }

  updateProduct(id: number, input: UpdateProductDto): Promise<ProductDto> {
    return this.transactions.run(async (manager) => {
      const product = await manager.findOneBy(Product, { id });
      if (!product) throw new NotFoundException(`Product ${id} not found`);
      const categoryId = input.category_id ?? product.category_id;
      // a new category without a subcategory clears the old subcategory (SPEC §4)
      const subcategoryId = input.subcategory_id !== undefined ? input.subcategory_id : input.category_id !== undefined && input.category_id !== product.category_id ? null : product.subcategory_id;
      await this.assertPlacement(manager, categoryId, subcategoryId);
      const slug = input.slug ? await this.slugFor(manager, Product, input.name ?? product.name, input.slug, id) : product.slug;
      const changes = {
        ...input,
        category_id: categoryId,
        subcategory_id: subcategoryId,
        slug,
        ...(input.description !== undefined ? { description: input.description.trim() || 'Product description' } : {}),
        ...(input.price !== undefined ? { price: input.price?.toString().trim() || '0' } : {}),
        ...(input.manufacturer !== undefined ? { manufacturer: input.manufacturer.trim() || 'Unknown' } : {}),
        ...(input.affiliate_link !== undefined ? { affiliate_link: withScheme(input.affiliate_link) } : {}),
        ...(input.rating !== undefined ? { rating: input.rating || null } : {}),
      };
      await manager.save(Product, Object.assign(product, changes) as Product);
      const updated = mapProduct(await manager.findOneByOrFail(Product, { id }));
      await emitWebhookEvent(manager, { type: 'product.updated', resourceType: 'product', resourceId: id, data: updated });
      return updated;
    });
  }

  removeProduct(id: number): Promise<DeleteResultDto> {
    return this.transactions.run(async (manager) => {
      // as it was: the event's data, read before it goes (locked, so no change slips in between)
      const [product] = await manager.find(Product, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!product) throw new NotFoundException(`Product ${id} not found`);
      await manager.delete(Product, { id });
      await emitWebhookEvent(manager, { type: 'product.deleted', resourceType: 'product', resourceId: id, data: mapProduct(product) });
      return { message: 'Product deleted', affected: { products: 1 } };
    });
  }
}
