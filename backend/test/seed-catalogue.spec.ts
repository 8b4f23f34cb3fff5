import fs from 'node:fs';
import path from 'node:path';
import { CatalogueFileError, DEMO_CATALOGUE_FILE, loadCatalogue } from '../src/database/seed/catalogue.js';
import { tempDir } from './helpers.js';

/** The demo catalogue with one change, written to a file of its own. */
function variant(change: (catalogue: any[]) => void): string {
  const catalogue = JSON.parse(fs.readFileSync(DEMO_CATALOGUE_FILE, 'utf8'));
  change(catalogue);
  const file = path.join(tempDir('catalogue'), 'catalogue.json');
  fs.writeFileSync(file, JSON.stringify(catalogue));
  return file;
}

describe('the seed catalogue file (assets/seed-catalogue.json)', () => {
  it('is data checked by the admin DTOs: the demo file loads, every product with a seed image', () => {
    const catalogue = loadCatalogue();
    const products = catalogue.flatMap((c) => c.subcategories.flatMap((s) => s.products));
    expect(catalogue.length).toBeGreaterThanOrEqual(3);
    expect(products.length).toBeGreaterThanOrEqual(60);
    for (const product of products) expect(fs.existsSync(path.join(DEMO_CATALOGUE_FILE, '..', 'seed-images', product.image))).toBe(true);
  });

  it.each([
    ['a bad price', (c: any[]) => (c[1].subcategories[0].products[2].price = '12.345'), '[1].subcategories[0].products[2].price: price must be at most 99999999.99 with up to 2 decimals'],
    ['an unknown product type', (c: any[]) => (c[0].product_type = 'gadget'), '[0].product_type: product_type must be one of: affiliate, service, equipment'],
    ['a missing name', (c: any[]) => delete c[2].subcategories[1].name, '[2].subcategories[1].name: name must be a string'],
    ['a misspelt field', (c: any[]) => (c[0].subcategories[0].products[0].pricee = '1.00'), '[0].subcategories[0].products[0].pricee: property pricee should not exist'],
    ['an image path', (c: any[]) => (c[0].subcategories[0].products[0].image = '../../etc/passwd'), '[0].subcategories[0].products[0].image: image must be a file name in backend/assets/seed-images'],
    ['a repeated slug', (c: any[]) => (c[0].subcategories[0].products[1].slug = c[0].subcategories[0].products[0].slug), "[0].subcategories[0].products[1].slug: the product slug '"],
  ])('refuses %s, naming the file and the path of the entry', (_label, change, message) => {
    const file = variant(change);
    expect(() => loadCatalogue(file)).toThrow(CatalogueFileError);
    expect(() => loadCatalogue(file)).toThrow(`The seed catalogue ${file} is not valid:\n  ${message}`);
  });

  it('refuses a file that is not JSON, or not a list', () => {
    const dir = tempDir('catalogue');
    fs.writeFileSync(path.join(dir, 'broken.json'), '[{"name": ');
    expect(() => loadCatalogue(path.join(dir, 'broken.json'))).toThrow(/^The seed catalogue .*broken\.json is not valid:\n {2}.*JSON/);
    fs.writeFileSync(path.join(dir, 'object.json'), '{"categories": []}');
    expect(() => loadCatalogue(path.join(dir, 'object.json'))).toThrow('the file must hold a JSON list of categories');
  });
});
