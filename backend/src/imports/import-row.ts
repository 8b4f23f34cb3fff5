/**
 * One data row of an import file, read and judged as the product form and the API would: the same
 * class-validator DTOs (CreateProductDto for a new product, UpdateProductDto for an existing one)
 * and the same defaults as AdminCatalogService, categories resolved by slug or name.
 */
import { BadRequestException } from '@nestjs/common';
import { type ValidationError, validateSync } from 'class-validator';
import {
  type ImportRowAction,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED_COLUMNS,
  PRODUCT_TYPES,
  type ProductCsvColumn,
  type ProductType,
} from '@dentalmarket/contracts';
import { csvCellValue } from '../common/csv.js';
import { PLACEHOLDER_IMAGE_URL, productSlug, withScheme } from '../catalog/admin-catalog.service.js';
import { CreateProductDto, UpdateProductDto } from '../catalog/dto/admin-catalog.dto.js';
import type { CategoryResolver, MissingCategories } from './category-resolver.js';
import type { CsvRecord } from './csv-reader.js';
import { applyChanges, FIELD_COLUMN, type ProductField, type ProductFields, type RowChanges, type StoredProduct } from './product-csv.js';

/** A message about one column of a row (null: the row as a whole). */
export interface FieldError {
  field: string | null;
  message: string;
}

/** Where each product column is in the file, and what else the header has. */
export interface FileColumns {
  index: Map<ProductCsvColumn, number>;
  width: number;
  unknown: string[];
}

/** Reads the header row: required columns present, no name twice; unknown ones set aside. 400 otherwise. */
export function readHeader(header: string[]): FileColumns {
  const names = header.map((cell) => csvCellValue(cell).trim().toLowerCase());
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const name of names.filter(Boolean)) (seen.has(name) ? duplicates : seen).add(name);
  if (duplicates.size) throw new BadRequestException(`The file has the same column more than once: ${[...duplicates].join(', ')}`);
  const index = new Map<ProductCsvColumn, number>();
  const unknown: string[] = [];
  names.forEach((name, i) => {
    if ((PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) index.set(name as ProductCsvColumn, i);
    else unknown.push(name || `(column ${i + 1} has no name)`);
  });
  const missing = PRODUCT_CSV_REQUIRED_COLUMNS.filter((column) => !index.has(column));
  if (missing.length) {
    throw new BadRequestException(
      `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}: every import needs ${PRODUCT_CSV_REQUIRED_COLUMNS.join(', ')} (download the template to see all columns)`,
    );
  }
  return { index, width: header.length, unknown };
}

/** A data row's cells by column (formula apostrophes removed), its match slug, and what is wrong with its shape. */
export interface RowCells {
  line: number;
  cells: Partial<Record<ProductCsvColumn, string>>;
  /** the row's slug, or the one its name makes: how it finds its product */
  slug: string | null;
  label: string | null;
  errors: FieldError[];
}

export function readCells(record: CsvRecord, columns: FileColumns): RowCells {
  const cells: Partial<Record<ProductCsvColumn, string>> = {};
  for (const [column, i] of columns.index) if (i < record.cells.length) cells[column] = csvCellValue(record.cells[i]!);
  const errors: FieldError[] = [];
  if (record.cells.length !== columns.width) {
    errors.push({ field: null, message: `The row has ${record.cells.length} cells where the header has ${columns.width}` });
  }
  const slug = cells.slug?.trim() || productSlug(cells.name ?? '') || null;
  const label = cells.slug?.trim() || cells.name?.trim() || null;
  return { line: record.line, cells, slug, label, errors };
}

export interface RowContext {
  resolver: CategoryResolver;
  missing: MissingCategories;
  createCategories: boolean;
}

/** What a dry run found a row would do: an action of the report, or 'skipped' (an example row, example-rows.ts). */
export type JudgedAction = ImportRowAction | 'skipped';

/** A judged row: what it would do, the values to write (null for an error or a skipped row), and its messages. */
export interface JudgedRow {
  line: number;
  action: JudgedAction;
  slug: string | null;
  label: string | null;
  data: RowChanges | null;
  errors: FieldError[];
}

const BOOLEAN_COLUMNS = ['in_stock', 'is_featured', 'is_new'] as const;
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);
/** Text columns whose empty cell means "none" (null). */
const NULLABLE_TEXT = ['external_link', 'delivery_time', 'warranty'] as const;

const JSON_SHAPES = {
  features: { test: (v: unknown) => Array.isArray(v), expected: 'a JSON list of texts, such as ["Quiet motor","LED light"]' },
  specifications: { test: (v: unknown) => isObject(v), expected: 'a JSON object of names and texts, such as {"Power":"220 V"}' },
  service_details: { test: (v: unknown) => isObject(v), expected: 'a JSON object, such as {"duration":"2 hours"}' },
} as const;
type JsonColumn = keyof typeof JSON_SHAPES;

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A new product's values where its file has no column (SPEC §5 and the entity's defaults). */
const CREATE_DEFAULTS: Omit<ProductFields, 'name' | 'product_type' | 'category_id' | 'manufacturer'> = {
  subcategory_id: null,
  price: '0',
  description: 'Product description',
  image_url: PLACEHOLDER_IMAGE_URL,
  in_stock: true,
  is_featured: false,
  is_new: false,
  rating: null,
  reviews_count: 0,
  delivery_time: null,
  warranty: null,
  affiliate_link: null,
  external_link: null,
  features: [],
  specifications: {},
  service_details: null,
};

/** Which of a field's failed DTO rules speaks first: a missing value, then the value's kind, then its form. */
const RULE_ORDER = ['isString', 'isNumberString', 'isIn', 'isInt', 'isBoolean', 'isObject'];

/** The one message of a DTO error for an import row: "is required" when there is one, else the most basic rule's. */
function messageOf(error: ValidationError): string {
  const rules = Object.entries(error.constraints ?? {});
  const required = rules.find(([, message]) => message.includes('required'));
  const basic = rules.find(([rule]) => RULE_ORDER.includes(rule));
  return (required ?? basic ?? rules[0])?.[1] ?? `${error.property} is invalid`;
}

/** A row's messages in the file's column order (the row's own first). */
function byColumn(errors: FieldError[]): FieldError[] {
  const at = (field: string | null) => (field === null ? -1 : (PRODUCT_CSV_COLUMNS as readonly string[]).indexOf(field));
  return errors.sort((a, b) => at(a.field) - at(b.field));
}

/**
 * Judges a row against its product (`stored`, when its slug has one): reads every cell it has,
 * validates with the API's DTO, applies the API's defaults, and compares with the stored product.
 */
export function judgeRow(row: RowCells, stored: StoredProduct | undefined, context: RowContext): JudgedRow {
  const { cells } = row;
  const create = stored === undefined;
  const errors = [...row.errors];
  const judged = (action: ImportRowAction, data: RowChanges | null): JudgedRow => ({ line: row.line, action, slug: row.slug, label: row.label, data, errors: byColumn(errors) });
  if (errors.length) return judged('error', null);

  const has = (column: ProductCsvColumn) => cells[column] !== undefined;
  const blank = (column: ProductCsvColumn) => (cells[column] ?? '').trim() === '';
  const fail = (field: ProductCsvColumn | null, message: string) => errors.push({ field, message });
  // what the DTO validates (the API's request body) and what the import writes
  const input: Record<string, unknown> = {};
  const changes: RowChanges = {};

  if (create && !row.slug) fail('slug', 'slug cannot be made from this name: give the row a slug');

  const productType = cells.product_type!.trim().toLowerCase();
  input.product_type = productType;
  const typeKnown = (PRODUCT_TYPES as readonly string[]).includes(productType);
  if (typeKnown) changes.product_type = productType as ProductType;
  placeInCategory(cells, typeKnown ? (productType as ProductType) : undefined, input, changes, context, fail);

  for (const column of BOOLEAN_COLUMNS) {
    if (!has(column) || blank(column)) continue;
    const value = cells[column]!.trim().toLowerCase();
    if (TRUE.has(value) || FALSE.has(value)) input[column] = changes[column] = TRUE.has(value);
    else fail(column, `${column} must be true or false (yes/no and 1/0 work too)`);
  }
  for (const column of Object.keys(JSON_SHAPES) as JsonColumn[]) {
    if (!has(column) || blank(column)) continue;
    const shape = JSON_SHAPES[column];
    let value: unknown;
    try {
      value = JSON.parse(cells[column]!);
    } catch {
      fail(column, `${column} is not valid JSON: it must be ${shape.expected}`);
      continue;
    }
    if (shape.test(value)) input[column] = changes[column] = value;
    else fail(column, `${column} must be ${shape.expected}`);
  }
  for (const column of ['name', 'manufacturer', 'description'] as const) if (has(column)) input[column] = blank(column) ? '' : cells[column];
  // an empty cell of a link or note is no value (null), as the product form sends it
  for (const column of ['image_url', 'affiliate_link', ...NULLABLE_TEXT] as const) if (has(column)) input[column] = blank(column) ? null : cells[column];
  for (const column of ['price', 'rating'] as const) if (has(column) && !blank(column)) input[column] = cells[column]!.trim();
  // a number as the DTO's @Type(() => Number) would make it; anything else stays text for IsInt to refuse
  if (has('reviews_count') && !blank('reviews_count')) {
    const text = cells.reviews_count!.trim();
    input.reviews_count = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  if (create && has('slug')) input.slug = cells.slug!.trim();
  // a column the file lacks keeps the stored value, so the product is judged with it
  if (!create && !has('affiliate_link')) input.affiliate_link = stored.affiliate_link;

  // the values are already of the DTO's types (ids and counts numbers), so no class-transformer pass
  // (a third of the dry run's time at 100,000 rows): the DTO's validators run on them as they are
  const dto = Object.assign(create ? new CreateProductDto() : new UpdateProductDto(), input);
  for (const error of validateSync(dto, { whitelist: true, forbidNonWhitelisted: true })) {
    // the category columns were resolved above, with their own messages
    if (error.property === 'category_id' || error.property === 'subcategory_id') continue;
    const column = FIELD_COLUMN[error.property as ProductField] ?? error.property;
    if (!errors.some((known) => known.field === column)) fail(column as ProductCsvColumn, messageOf(error));
  }
  if (errors.length) return judged('error', null);

  // the API's normalisation (AdminCatalogService) of every column the file has
  if (has('name')) changes.name = cells.name!;
  if (has('manufacturer')) changes.manufacturer = create ? cells.manufacturer! : cells.manufacturer!.trim() || 'Unknown';
  if (has('description')) changes.description = cells.description!.trim() || 'Product description';
  if (has('price')) changes.price = cells.price!.trim() || '0';
  if (has('image_url')) changes.image_url = cells.image_url!.trim() || (create ? PLACEHOLDER_IMAGE_URL : null);
  if (has('affiliate_link')) changes.affiliate_link = withScheme(cells.affiliate_link);
  for (const column of NULLABLE_TEXT) if (has(column)) changes[column] = blank(column) ? null : cells[column]!;
  if (has('rating')) changes.rating = cells.rating!.trim() || null;
  if (has('reviews_count')) changes.reviews_count = blank('reviews_count') ? 0 : (input.reviews_count as number);
  for (const column of BOOLEAN_COLUMNS) if (has(column) && blank(column)) changes[column] = CREATE_DEFAULTS[column];
  if (has('features') && blank('features')) changes.features = [];
  if (has('specifications') && blank('specifications')) changes.specifications = {};
  if (has('service_details') && blank('service_details')) changes.service_details = null;

  if (create) return judged('create', { ...CREATE_DEFAULTS, ...changes });
  if (changes.new_category !== undefined || changes.new_subcategory !== undefined) return judged('update', changes);
  return judged(applyChanges(stored, changes).changed ? 'update' : 'unchanged', changes);
}

/** Resolves the row's category and subcategory (by slug or name), or notes them as missing. */
function placeInCategory(
  cells: RowCells['cells'],
  productType: ProductType | undefined,
  input: Record<string, unknown>,
  changes: RowChanges,
  { resolver, missing, createCategories }: RowContext,
  fail: (field: ProductCsvColumn, message: string) => void,
): void {
  const categoryName = cells.category!.trim();
  const subcategoryName = cells.subcategory?.trim();
  if (!categoryName) return fail('category', 'category is required');
  if (!productType) return; // the DTO names the bad product_type
  const category = resolver.category(productType, categoryName);
  if (category) {
    input.category_id = changes.category_id = category.id;
  } else {
    missing.category(productType, categoryName);
    if (createCategories) changes.new_category = categoryName;
    else fail('category', `category '${categoryName}' does not exist for ${productType} products`);
  }
  if (subcategoryName === undefined) return;
  if (subcategoryName === '') {
    input.subcategory_id = changes.subcategory_id = null;
    return;
  }
  const subcategory = category && resolver.subcategory(category.id, subcategoryName);
  if (subcategory) {
    input.subcategory_id = changes.subcategory_id = subcategory.id;
    return;
  }
  missing.subcategory(productType, category?.name ?? categoryName, subcategoryName);
  if (createCategories) changes.new_subcategory = subcategoryName;
  else if (category) fail('subcategory', `subcategory '${subcategoryName}' does not exist in category '${category.name}'`);
}
