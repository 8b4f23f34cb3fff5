/**
 * The shop-wide search (issue 19) on real PostgreSQL: relevance, the last word as a prefix,
 * phrases and exclusions, odd input, the results page's filters and their counts (facets), and the
 * header's suggestions. Products are made up with words no seed product holds ('zorbex', 'qwilt').
 */
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogueVersion } from '../src/catalog/catalogue-version.js';
import { startTestApp, type TestApp } from './helpers.js';

/**
 * The suite, run by catalog-search.spec.ts with the search index (the default) and by
 * catalog-search-sql.spec.ts with SEARCH_INDEX=off, so both ways a search can be answered keep the
 * same promises.
 */
export function searchSuite(env: NodeJS.ProcessEnv): void {
  let t: TestApp;
  let dataSource: DataSource;
  const SLUG = 'search-spec-';
  let made = 0;
  let equipmentCategory: { id: number; subcategory_id: number };
  let serviceCategory: { id: number; subcategory_id: number };

  interface Made {
    id: number;
    name: string;
  }

  async function make(fields: {
    name: string;
    description?: string;
    manufacturer?: string;
    price?: string;
    rating?: string | null;
    in_stock?: boolean;
    type?: 'equipment' | 'service';
  }): Promise<Made> {
    const category = fields.type === 'service' ? serviceCategory : equipmentCategory;
    made += 1;
    const [row] = await written<Made[]>(
      `INSERT INTO products (name, description, price, category_id, subcategory_id, manufacturer, product_type, rating, in_stock, slug)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, name`,
      [
        fields.name,
        fields.description ?? 'Plain text.',
        fields.price ?? '100.00',
        category.id,
        category.subcategory_id,
        fields.manufacturer ?? 'Qwilt Labs',
        fields.type ?? 'equipment',
        fields.rating === undefined ? '4.0' : fields.rating,
        fields.in_stock ?? true,
        `${SLUG}${made}`,
      ],
    );
    return row;
  }

  /**
   * A write straight to the database, as another instance or process makes it: this API notices it
   * at its next read of the catalogue version (at most a second later); the test makes that read now.
   */
  async function written<T>(sql: string, values: unknown[]): Promise<T> {
    const rows = (await dataSource.query(sql, values)) as T;
    t.app.get(CatalogueVersion).invalidate();
    return rows;
  }

  const names = (res: request.Response) => (res.body.products as { name: string }[]).map((p) => p.name);
  const get = (url: string) => request(t.http).get(url);

  let holder: Made;
  let scaler: Made;
  let scalerTip: Made;

  beforeAll(async () => {
    t = await startTestApp({ CATALOGUE_CACHE_MB: '0', ...env });
    dataSource = t.app.get(DataSource);
    [equipmentCategory] = await dataSource.query(
      `SELECT c.id, min(s.id) AS subcategory_id FROM categories c JOIN subcategories s ON s.category_id = c.id WHERE c.product_type = 'equipment' GROUP BY c.id ORDER BY c.id LIMIT 1`,
    );
    [serviceCategory] = await dataSource.query(
      `SELECT c.id, min(s.id) AS subcategory_id FROM categories c JOIN subcategories s ON s.category_id = c.id WHERE c.product_type = 'service' GROUP BY c.id ORDER BY c.id LIMIT 1`,
    );
    // alphabetically first, but mentions the word only in its description
    holder = await make({ name: 'Aardvark Holder Qwilt', description: 'Holds any zorbex scaler safely.', manufacturer: 'Brightline, Inc.', price: '15.00', rating: '2.0' });
    scaler = await make({ name: 'Zeta Zorbex Scaler', description: 'A scaler.', manufacturer: 'Qwilt Labs', price: '250.00', rating: '4.5' });
    scalerTip = await make({ name: 'Zorbex Scaler Tip', description: 'Spare tip for the scaler.', manufacturer: 'Qwilt Labs', price: '20.00', rating: '3.0', in_stock: false });
    await make({ name: 'Qwilt Autoclave 23 L', description: 'Class B steriliser.', manufacturer: 'Steriqwilt', price: '4200.00', rating: null });
    await make({ name: 'Zorbex Service Plan', description: 'Yearly zorbex maintenance visit.', manufacturer: 'Qwilt Labs', price: '0.00', rating: '5.0', type: 'service' });
  });

  afterAll(async () => {
    await dataSource?.query(`DELETE FROM products WHERE slug LIKE '${SLUG}%'`);
    await t?.close();
  });

  describe('relevance', () => {
    it("a search sorts by best match by default: a name holding the word ranks above a description mentioning it, whatever the alphabet says", async () => {
      const list = names(await get('/api/products?search=zorbex').expect(200));
      expect(list).toContain(holder.name);
      expect(list.indexOf(scaler.name)).toBeLessThan(list.indexOf(holder.name));
      expect(list.indexOf(scalerTip.name)).toBeLessThan(list.indexOf(holder.name));
      // the same with sort=relevance spelled out
      expect(names(await get('/api/products?search=zorbex&sort=relevance').expect(200))).toEqual(list);
    });

    it("the other sorts still apply to a search; 'name' and 'relevance' without a search are the name order", async () => {
      const byPrice = (await get('/api/products?search=zorbex&sort=price-asc').expect(200)).body.products as { price: string }[];
      const prices = byPrice.map((p) => Number(p.price));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(names(await get('/api/products?search=zorbex&sort=name').expect(200))[0]).toBe(holder.name);
      const plain = names(await get('/api/products?limit=20').expect(200));
      expect(names(await get('/api/products?limit=20&sort=name').expect(200))).toEqual(plain);
      expect(names(await get('/api/products?limit=20&sort=relevance').expect(200))).toEqual(plain);
    });

    it('the last word matches as a prefix while typing', async () => {
      expect(names(await get('/api/products?search=zorb').expect(200))).toEqual(expect.arrayContaining([scaler.name, scalerTip.name]));
      expect(names(await get('/api/products?search=qwilt%20autocl').expect(200))).toEqual(['Qwilt Autoclave 23 L']);
      // only the last word: 'zorb' as a first word is a whole word that no product holds (so the typo fallback answers)
      expect((await get('/api/products?search=zorb%20scaler').expect(200)).body.correctedSearch).toBeDefined();
      // typed past the stem ('frobnicat' of 'frobnicators', whose stem is 'frobnic')
      const frob = await make({ name: 'Qwilt Frobnicators Kit' });
      expect(names(await get('/api/products?search=frobnicat').expect(200))).toEqual([frob.name]);
      await written('DELETE FROM products WHERE id = $1', [frob.id]);
    });

    it('quoted phrases, -word and or', async () => {
      expect(names(await get('/api/products?search=%22scaler%20tip%22').expect(200))).toEqual([scalerTip.name]);
      expect(names(await get('/api/products?search=zorbex%20-tip').expect(200))).not.toContain(scalerTip.name);
      expect(names(await get('/api/products?search=zorbex%20-tip').expect(200))).toContain(scaler.name);
      expect(names(await get('/api/products?search=steriqwilt%20or%20brightlin').expect(200)).sort()).toEqual([holder.name, 'Qwilt Autoclave 23 L'].sort());
    });

    it('matches manufacturer and category names too', async () => {
      expect(names(await get('/api/products?search=steriqwilt').expect(200))).toEqual(['Qwilt Autoclave 23 L']);
      const [{ name: categoryName }] = await dataSource.query('SELECT name FROM categories WHERE id = $1', [equipmentCategory.id]);
      const word = (categoryName as string).split(/\s+/)[0]!;
      expect(names(await get(`/api/products?search=qwilt%20${encodeURIComponent(word)}&limit=100`).expect(200))).toContain('Qwilt Autoclave 23 L');
    });

    it('a renamed category is searchable under its new name at once', async () => {
      const [{ name }] = await dataSource.query('SELECT name FROM subcategories WHERE id = $1', [equipmentCategory.subcategory_id]);
      try {
        await written(`UPDATE subcategories SET name = 'Frobnicators' WHERE id = $1`, [equipmentCategory.subcategory_id]);
        expect(names(await get('/api/products?search=qwilt%20frobnicat').expect(200))).toContain('Qwilt Autoclave 23 L');
      } finally {
        await written('UPDATE subcategories SET name = $1 WHERE id = $2', [name, equipmentCategory.subcategory_id]);
      }
      expect((await get('/api/products?search=frobnicators').expect(200)).body.total).toBe(0);
    });

    it.each(['"', ':*', '&|!', '!!!', '((', ')', "'", '\\', '-', '- -', '<->', 'a:*b', '"unterminated', 'zorbex:*', 'zorbex & | !', '*', '.,;', 'or', 'the', '-zorbex', '"" ""', 'zorbex "', '\u00e9\u0301t\u00e9'])(
      'odd input never fails: %j',
      async (search) => {
        const res = await get(`/api/products?search=${encodeURIComponent(search)}`).expect(200);
        expect(Array.isArray(res.body.products)).toBe(true);
        await get(`/api/products/facets?search=${encodeURIComponent(search)}`).expect(200);
        if (search.trim().length >= 2) await get(`/api/search/suggestions?q=${encodeURIComponent(search)}`).expect(200);
      },
    );

    it('keeps the trigram fallback for a typo', async () => {
      const body = (await get('/api/products?search=zorbax').expect(200)).body;
      expect(body.correctedSearch).toBe('zorbex');
      expect(body.products.map((p: { name: string }) => p.name)).toContain(scaler.name);
    });

    it("rejects an unknown sort with a 400 naming it", async () => {
      const res = await get('/api/products?search=zorbex&sort=best').expect(400);
      expect(res.body.message).toEqual(['sort must be one of: relevance, name, price-asc, price-desc, newest, rating']);
    });
  });

  describe('filters', () => {
    const qwilt = (query: string) => get(`/api/products?search=qwilt%20or%20zorbex&limit=100&${query}`);

    it('minPrice and maxPrice, inclusive', async () => {
      expect(names(await qwilt('minPrice=20&maxPrice=250').expect(200)).sort()).toEqual([scaler.name, scalerTip.name].sort());
      expect(names(await qwilt('minPrice=4200.00').expect(200))).toEqual(['Qwilt Autoclave 23 L']);
      expect(names(await qwilt('maxPrice=15').expect(200)).sort()).toEqual([holder.name, 'Zorbex Service Plan'].sort());
    });

    it('manufacturer: repeated, exact (a name may hold a comma)', async () => {
      expect(names(await qwilt('manufacturer=Brightline%2C%20Inc.').expect(200))).toEqual([holder.name]);
      expect(names(await qwilt('manufacturer=Brightline%2C%20Inc.&manufacturer=Steriqwilt').expect(200)).sort()).toEqual([holder.name, 'Qwilt Autoclave 23 L'].sort());
      expect(names(await qwilt('manufacturer=Brightline').expect(200))).toEqual([]);
    });

    it('minRating, inStock and productType', async () => {
      expect(names(await qwilt('minRating=4.5').expect(200)).sort()).toEqual([scaler.name, 'Zorbex Service Plan'].sort());
      expect(names(await qwilt('inStock=false').expect(200))).toEqual([scalerTip.name]);
      expect(names(await qwilt('productType=service').expect(200))).toEqual(['Zorbex Service Plan']);
      expect(names(await qwilt('productType=equipment&inStock=true&minRating=2&maxPrice=300&manufacturer=Qwilt%20Labs').expect(200))).toEqual([scaler.name]);
    });

    it.each([
      ['minPrice=abc', 'minPrice must be an amount of dollars such as 100 or 99.99'],
      ['minPrice=-1', 'minPrice must be an amount of dollars such as 100 or 99.99'],
      ['maxPrice=1e3', 'maxPrice must be an amount of dollars such as 100 or 99.99'],
      ['maxPrice=10.123', 'maxPrice must be an amount of dollars such as 100 or 99.99'],
      ['minPrice=300&maxPrice=20', 'minPrice must not be more than maxPrice (300 > 20)'],
      ['minRating=0', 'minRating must be a number from 1 to 5'],
      ['minRating=6', 'minRating must be a number from 1 to 5'],
      ['minRating=four', 'minRating must be a number from 1 to 5'],
      [`${Array.from({ length: 21 }, (_, i) => `manufacturer=m${i}`).join('&')}`, 'manufacturer may be given at most 20 times'],
      ['manufacturer=', 'manufacturer must not be empty'],
    ])('%s → 400 naming the parameter', async (query, message) => {
      for (const path of ['/api/products', '/api/products/facets']) {
        const res = await get(`${path}?${query}`).expect(400);
        expect(res.body.message).toContain(message);
      }
    });

    it('manufacturer[x]=… (an object) is refused with 400, not a 500', async () => {
      const res = await get('/api/products?manufacturer[x]=a').expect(400);
      expect(JSON.stringify(res.body.message)).toMatch(/manufacturer/);
    });
  });

  describe('GET /api/products/facets', () => {
    const facets = async (query: string) => (await get(`/api/products/facets?search=qwilt%20or%20zorbex&${query}`).expect(200)).body;
    const count = (list: { value: unknown; count: number }[], value: unknown) => list.find((f) => f.value === value)?.count;

    it('counts the current results, each filter with every other filter applied but itself', async () => {
      const all = await facets('');
      expect(all).toMatchObject({ total: 5, totalCapped: false, manufacturersMore: false, inStock: { value: true, count: 4 }, price: { min: '15.00', max: '4200.00' } });
      expect(all.productTypes).toEqual([
        { value: 'affiliate', count: 0 },
        { value: 'service', count: 1 },
        { value: 'equipment', count: 4 },
      ]);
      // the most frequent first, ties by name
      expect(all.manufacturers).toEqual([
        { value: 'Qwilt Labs', count: 3 },
        { value: 'Brightline, Inc.', count: 1 },
        { value: 'Steriqwilt', count: 1 },
      ]);
      expect(all.ratings).toEqual([
        { value: 4, count: 2 },
        { value: 3, count: 3 },
        { value: 2, count: 4 },
        { value: 1, count: 4 },
      ]);

      const picked = await facets('manufacturer=Qwilt%20Labs&productType=equipment');
      expect(picked.total).toBe(2);
      // manufacturers: every filter but manufacturer (equipment only), so the others show what they would add
      expect(picked.manufacturers).toEqual([
        { value: 'Qwilt Labs', count: 2 },
        { value: 'Brightline, Inc.', count: 1 },
        { value: 'Steriqwilt', count: 1 },
      ]);
      // product types: every filter but productType (Qwilt Labs only)
      expect(count(picked.productTypes, 'service')).toBe(1);
      expect(count(picked.productTypes, 'equipment')).toBe(2);
      expect(picked.inStock).toEqual({ value: true, count: 1 });
      expect(picked.price).toEqual({ min: '20.00', max: '250.00' });

      // the price range leaves out the price filter; the counts do not
      const cheap = await facets('maxPrice=20');
      expect(cheap.total).toBe(3);
      expect(cheap.price).toEqual({ min: '15.00', max: '4200.00' });
      expect(count(cheap.manufacturers, 'Steriqwilt')).toBeUndefined();
    });

    it('a selected manufacturer is listed even when nothing matches it; manufacturerSearch finds others', async () => {
      const picked = await facets('manufacturer=Nobody%20Makes%20This');
      expect(picked.total).toBe(0);
      expect(picked.manufacturers).toContainEqual({ value: 'Nobody Makes This', count: 0 });
      const found = await facets('manufacturerSearch=steri');
      expect(found.manufacturers).toEqual([{ value: 'Steriqwilt', count: 1 }]);
    });

    it('without a search: the whole catalogue, exact or capped at 1000', async () => {
      const body = (await get('/api/products/facets').expect(200)).body;
      const [{ n }] = await dataSource.query('SELECT count(*)::int AS n FROM products');
      expect(body.total).toBe(Math.min(n, 1000));
      expect(body.totalCapped).toBe(n > 1000);
      expect(body.manufacturers.length).toBeLessThanOrEqual(20);
    });

    it('follows the typo fallback of the list', async () => {
      const body = (await get('/api/products/facets?search=zorbax').expect(200)).body;
      expect(body.correctedSearch).toBe('zorbex');
      expect(body.total).toBe(4);
    });
  });

  describe('GET /api/search/suggestions', () => {
    it('up to 5 products, best match first, the last word a prefix; up to 3 categories by name', async () => {
      const body = (await get('/api/search/suggestions?q=%20%20zorb%20%20').expect(200)).body;
      expect(body.q).toBe('zorb');
      // the three with the word in their name, then the one mentioning it in its description
      expect(body.products.map((p: { name: string }) => p.name).slice(0, 3).sort()).toEqual([scaler.name, scalerTip.name, 'Zorbex Service Plan'].sort());
      expect(body.products[3].name).toBe(holder.name);
      expect(body.products[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        slug: expect.stringMatching(new RegExp(`^${SLUG}`)),
        product_type: expect.stringMatching(/^(equipment|service)$/),
        manufacturer: 'Qwilt Labs',
        price: expect.stringMatching(/^\d+\.\d\d$/),
        image_url: null,
      });
      expect(body.categories).toEqual([]);

      const many = (await get('/api/search/suggestions?q=qwilt').expect(200)).body;
      expect(many.products).toHaveLength(5);
      const [{ name }] = await dataSource.query('SELECT name FROM categories WHERE id = $1', [equipmentCategory.id]);
      const category = (await get(`/api/search/suggestions?q=${encodeURIComponent((name as string).slice(0, 4))}`).expect(200)).body;
      expect(category.categories.length).toBeGreaterThan(0);
      expect(category.categories.length).toBeLessThanOrEqual(3);
      expect(category.categories[0]).toEqual({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String), product_type: expect.any(String) });
    });

    it.each([
      ['', 'q must be at least 2 characters long (trimmed)'],
      ['q=a', 'q must be at least 2 characters long (trimmed)'],
      ['q=%20a%20%20', 'q must be at least 2 characters long (trimmed)'],
      [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters long'],
      ['q=ab&q=cd', 'q must be a string, not an array'],
    ])('%s → 400', async (query, message) => {
      const res = await get(`/api/search/suggestions?${query}`).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
    });
  });
}
