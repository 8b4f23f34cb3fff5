/** The catalogue export (CSV), the import template and the round trip export → import. */
import request from 'supertest';
import { PRODUCT_CSV_COLUMNS } from '@dentalmarket/contracts';
import { useImportsApp, t, admin, dataSource, chairs, lights, csvOf, dryRun, review, applyAndWait, parseCsv, exportText } from './imports-fixtures.js';

useImportsApp('imports_export');

describe('GET /api/admin/products/export.csv', () => {
  it('streams a UTF-8 CSV with a BOM, the documented header, escaped formulas, JSON columns and the grid filters', async () => {
    const product = await admin
      .post('/api/admin/products')
      .send({
        name: 'Export Formula Chair',
        manufacturer: '@Evil',
        product_type: 'equipment',
        category_id: chairs.id,
        price: '1299',
        description: '=HYPERLINK("http://evil.example","click"), then a "quote"',
        features: ['Quiet, smooth', 'LED'],
        specifications: { Power: '230 V' },
        rating: '4.5',
      })
      .expect(201);
    const response = await admin.get('/api/admin/products/export.csv?categoryId=' + chairs.id).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { text, rows } = await exportText(`?categoryId=${chairs.id}`);
    expect(text.startsWith(`\uFEFF${PRODUCT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    // the formula is defused with an apostrophe, inside a quoted cell (it has commas and quotes)
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), then a ""quote"""`);
    const row = rows.find((r) => r.slug === product.body.slug)!;
    expect(row).toMatchObject({
      name: 'Export Formula Chair',
      manufacturer: "'@Evil",
      product_type: 'equipment',
      category: chairs.slug,
      subcategory: '',
      price: '1299.00',
      in_stock: 'true',
      is_featured: 'false',
      rating: '4.5',
      reviews_count: '0',
      warranty: '',
      service_details: '',
      image_url: '/media/seed/placeholder.svg',
    });
    expect(JSON.parse(row.features!)).toEqual(['Quiet, smooth', 'LED']);
    expect(JSON.parse(row.specifications!)).toEqual({ Power: '230 V' });

    // the filter: only this category's products, and a search narrows further
    expect(rows.every((r) => r.category === chairs.slug)).toBe(true);
    const searched = await exportText(`?search=${encodeURIComponent('Formula Chair')}`);
    expect(searched.rows.map((r) => r.slug)).toEqual([product.body.slug]);
    const affiliate = await exportText('?productType=affiliate');
    expect(affiliate.rows.length).toBeGreaterThan(0);
    expect(affiliate.rows.every((r) => r.product_type === 'affiliate')).toBe(true);
    await admin.get('/api/admin/products/export.csv?productType=robots').expect(400);
    await admin.get('/api/admin/products/export.csv?page=2').expect(400);
    await admin.delete(`/api/admin/products/${product.body.id}`).expect(200);
  });

  it('gives an uploaded image as the URL it is served at, and ids in order', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const uploaded = await admin.post('/api/admin/upload-image').attach('image', png, 'dot.png').expect(200);
    const product = await admin
      .post('/api/admin/products')
      .send({ name: 'Export Uploaded Image', manufacturer: 'M', product_type: 'equipment', category_id: lights.id, image_data: uploaded.body.imageData, image_type: uploaded.body.imageType })
      .expect(201);
    const { rows } = await exportText(`?categoryId=${lights.id}`);
    expect(rows.find((r) => r.slug === product.body.slug)!.image_url).toBe(uploaded.body.imageUrl);
    await request(t.http).get(uploaded.body.imageUrl).expect(200);
    const all = await exportText();
    const ids = await dataSource.query(`SELECT slug FROM products ORDER BY id`);
    expect(all.rows.map((r) => r.slug)).toEqual(ids.map((r: { slug: string }) => r.slug));
    await admin.delete(`/api/admin/products/${product.body.id}`).expect(200);
  });
});

describe('GET /api/admin/imports/template.csv', () => {
  const template = async () => {
    const response = await admin.get('/api/admin/imports/template.csv').expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="products-template.csv"');
    return response.text;
  };

  it('is the header and an equipment and a partner example, marked as examples: imported as downloaded, both are skipped', async () => {
    const text = await template();
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([...PRODUCT_CSV_COLUMNS]);
    expect(rows.slice(1).map((cells) => cells.slice(0, 3))).toEqual([
      ['example-dental-chair-x1', 'Example: Dental Chair X1', 'equipment'],
      ['example-partner-scanner', 'Example: Partner Scanner', 'affiliate'],
    ]);
    // the rule is written where the admin edits the rows
    for (const cells of rows.slice(1)) expect(cells[7]).toContain('The import skips a row whose name starts with "Example:" and slug with "example-"');
    const report = await dryRun(text);
    expect(report).toMatchObject({ total: 2, counts: { create: 0, update: 0, unchanged: 0, error: 0 }, unknownColumns: [], missingCategories: [] });
    expect(report.errors.total).toBe(0);
    const reason = expect.stringContaining('example row');
    expect(review(report)).toEqual({
      limit: 100,
      create: { total: 0, rows: [] },
      update: { total: 0, rows: [] },
      skipped: {
        total: 2,
        rows: [
          { line: 2, slug: 'example-dental-chair-x1', name: 'Example: Dental Chair X1', action: 'skipped', reason },
          { line: 3, slug: 'example-partner-scanner', name: 'Example: Partner Scanner', action: 'skipped', reason },
        ],
      },
    });
    const applied = await applyAndWait(report.id);
    expect(applied).toMatchObject({ status: 'applied', progress: { done: 2, total: 2 }, result: { create: 0, update: 0, unchanged: 0, error: 0 } });
    await request(t.http).get('/api/products/example-dental-chair-x1').expect(404);
    await request(t.http).get('/api/products/example-partner-scanner').expect(404);
  });

  it('imports an example row the admin renamed or gave a slug of its own, as any other row', async () => {
    const text = (await template()).replace('Example: Dental Chair X1', 'Aria Chair X1').replace('example-partner-scanner', 'tmpl-partner-scanner');
    const report = await dryRun(text);
    expect(report).toMatchObject({ total: 2, counts: { create: 2, update: 0, unchanged: 0, error: 0 }, missingCategories: [] });
    expect(review(report).create).toEqual({
      total: 2,
      rows: [
        { line: 2, slug: 'example-dental-chair-x1', name: 'Aria Chair X1', action: 'create', reason: null },
        { line: 3, slug: 'tmpl-partner-scanner', name: 'Example: Partner Scanner', action: 'create', reason: null },
      ],
    });
    expect(review(report).skipped).toEqual({ total: 0, rows: [] });
    expect((await applyAndWait(report.id)).result).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
    expect((await request(t.http).get('/api/products/example-dental-chair-x1').expect(200)).body.name).toBe('Aria Chair X1');
    const scanner = (await request(t.http).get('/api/products/tmpl-partner-scanner').expect(200)).body;
    for (const product of [scanner, (await request(t.http).get('/api/products/example-dental-chair-x1')).body]) {
      await admin.delete(`/api/admin/products/${product.id}`).expect(200);
    }
  });
});

describe('round trip', () => {
  it('export → import changes nothing; export → 10 new prices → import updates exactly those 10', async () => {
    const { text, rows } = await exportText();
    const same = await dryRun(text);
    expect(same.counts).toEqual({ create: 0, update: 0, unchanged: rows.length, error: 0 });
    expect(same.unknownColumns).toEqual([]);

    const changed = new Set(rows.slice(0, 10).map((r) => r.slug));
    const edited = rows.map((r) => (changed.has(r.slug!) ? { ...r, price: (Number(r.price) + 1.25).toFixed(2) } : r));
    const report = await dryRun(csvOf(PRODUCT_CSV_COLUMNS, edited));
    expect(report.counts).toEqual({ create: 0, update: 10, unchanged: rows.length - 10, error: 0 });
    const applied = await applyAndWait(report.id);
    expect(applied.result).toEqual({ create: 0, update: 10, unchanged: rows.length - 10, error: 0 });
    const prices = await dataSource.query(`SELECT slug, price FROM products WHERE slug = ANY($1)`, [[...changed]]);
    for (const { slug, price } of prices) expect(price).toBe(edited.find((r) => r.slug === slug)!.price);
  });
});
