import fs from 'node:fs';
import path from 'node:path';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import { BACKEND_ROOT } from '../../config/app-config.js';
import { SeedCategoryDto } from './catalogue.dto.js';

export type { SeedCategoryDto as SeedCategory, SeedProductDto as SeedProduct, SeedSubcategoryDto as SeedSubcategory } from './catalogue.dto.js';

/** The demo catalogue: data, not code. A supplier replaces this file (docs/architecture.md, Seed data). */
export const DEMO_CATALOGUE_FILE = path.join(BACKEND_ROOT, 'assets', 'seed-catalogue.json');

/** Problems listed in one error at most; the first ones are enough to fix the file. */
const MAX_PROBLEMS = 10;

export class CatalogueFileError extends Error {
  constructor(file: string, problems: string[]) {
    const shown = problems.slice(0, MAX_PROBLEMS).map((problem) => `\n  ${problem}`).join('');
    const more = problems.length > MAX_PROBLEMS ? `\n  … and ${problems.length - MAX_PROBLEMS} more` : '';
    super(`The seed catalogue ${file} is not valid:${shown}${more}`);
    this.name = 'CatalogueFileError';
  }
}

/** "[2].subcategories[0].products[1].price: price must be …" for each failed rule, depth first. */
function describe(errors: ValidationError[], parent: string): string[] {
  return errors.flatMap((error) => {
    const at = /^\d+$/.test(error.property) ? `${parent}[${error.property}]` : `${parent}.${error.property}`;
    const own = Object.values(error.constraints ?? {}).map((message) => `${at}: ${message}`);
    return [...own, ...describe(error.children ?? [], at)];
  });
}

/** Slugs are unique per table; a repeat would fail the seed's insert with a less helpful message. */
function repeatedSlugs(catalogue: SeedCategoryDto[]): string[] {
  const problems: string[] = [];
  const seen = { category: new Map<string, string>(), subcategory: new Map<string, string>(), product: new Map<string, string>() };
  const check = (kind: keyof typeof seen, slug: string, at: string) => {
    const first = seen[kind].get(slug);
    if (first) problems.push(`${at}.slug: the ${kind} slug '${slug}' is already used at ${first}`);
    else seen[kind].set(slug, at);
  };
  catalogue.forEach((category, c) => {
    check('category', category.slug, `[${c}]`);
    category.subcategories.forEach((subcategory, s) => {
      check('subcategory', subcategory.slug, `[${c}].subcategories[${s}]`);
      subcategory.products.forEach((product, p) => check('product', product.slug, `[${c}].subcategories[${s}].products[${p}]`));
    });
  });
  return problems;
}

/**
 * Reads and validates a catalogue file: a JSON list of categories, each with its subcategories and
 * their products, checked by the admin API's DTOs (catalogue.dto.ts). Unknown fields are refused,
 * so a misspelt one is not silently dropped. Throws CatalogueFileError naming the file and the
 * path of each invalid entry.
 */
export function loadCatalogue(file: string = DEMO_CATALOGUE_FILE): SeedCategoryDto[] {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogueFileError(file, [(error as Error).message]);
  }
  if (!Array.isArray(data)) throw new CatalogueFileError(file, ['the file must hold a JSON list of categories']);
  const catalogue = plainToInstance(SeedCategoryDto, data as object[]);
  const problems = catalogue.flatMap((category, index) =>
    describe(validateSync(category, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }), `[${index}]`),
  );
  if (problems.length === 0) problems.push(...repeatedSlugs(catalogue));
  if (problems.length > 0) throw new CatalogueFileError(file, problems);
  return catalogue;
}

let demo: SeedCategoryDto[] | undefined;

/** The demo catalogue, read and validated on first use only (a production start without it never reads it). */
export function demoCatalogue(): SeedCategoryDto[] {
  demo ??= loadCatalogue();
  return demo;
}
