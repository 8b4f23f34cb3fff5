/** The catalogue import: the dry run, the text of the upload, apply, and resume after a stop. */
import request from 'supertest';
import { DataSource } from 'typeorm';
import { IMPORT_LIMITS } from '@dentalmarket/contracts';
import { JobQueue } from '../src/jobs/job-queue.js';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';
import { LONE_SURROGATE_UTF16LE, multipartBody, type RawPart } from './multipart.js';
import { eventually } from './eventually.js';
import { useImportsApp, t, admin, dataSource, chairs, lights, csvOf, equipment, BASIC, upload, dryRun, settled, review, applyAndWait } from './imports-fixtures.js';

useImportsApp('imports');

describe('POST /api/admin/imports (the dry run)', () => {
  it('counts creates, updates, unchanged and errors, with each error on its line, a multi-line cell counted right', async () => {
    const existing = await admin
      .post('/api/admin/products')
      .send({ name: 'Import dry existing', slug: 'imp-dry-existing', manufacturer: 'Importa', product_type: 'equipment', category_id: chairs.id, price: '100' })
      .expect(201);
    const same = await admin
      .post('/api/admin/products')
      .send({ name: 'Import dry same', slug: 'imp-dry-same', manufacturer: 'Importa', product_type: 'equipment', category_id: chairs.id, price: '55.5' })
      .expect(201);
    const columns = [...BASIC, 'description'];
    const text = csvOf(columns, [
      equipment('imp-dry-new'), // line 2
      { ...equipment('imp-dry-multi'), description: 'first line\nsecond line\nthird line' }, // lines 3-5
      equipment('imp-dry-bad-price', { price: '12,50' }), // line 6
      equipment('imp-dry-existing', { name: 'Import dry existing', price: '150' }), // line 7: update
      equipment('imp-dry-same', { name: 'Import dry same', price: '55.50' }), // line 8: unchanged
      equipment('imp-dry-bad-type', { product_type: 'robot' }), // line 9
      equipment('imp-dry-new', { name: 'again' }), // line 10: slug of line 2
      { slug: 'imp-dry-no-name', name: '', product_type: 'equipment', category: chairs.slug, manufacturer: '', price: 'x' }, // line 11
    ]) + 'imp-dry-short,Short row\r\n'; // line 12
    const report = await dryRun(text);
    expect(report).toMatchObject({ status: 'ready', total: 9, counts: { create: 2, update: 1, unchanged: 1, error: 5 }, progress: { done: 0, total: 9 }, result: null });
    // which rows the apply will add and change, by line, slug and name
    expect(review(report)).toMatchObject({
      create: {
        total: 2,
        rows: [
          { line: 2, slug: 'imp-dry-new', name: 'Import imp-dry-new', action: 'create', reason: null },
          { line: 3, slug: 'imp-dry-multi', name: 'Import imp-dry-multi', action: 'create', reason: null },
        ],
      },
      update: { total: 1, rows: [{ line: 7, slug: 'imp-dry-existing', name: 'Import dry existing', action: 'update', reason: null }] },
      skipped: { total: 0, rows: [] },
    });
    expect(report.errors).toMatchObject({ total: 7, page: 1, limit: 20 });
    expect(report.errors.rows).toEqual([
      { line: 6, label: 'imp-dry-bad-price', field: 'price', message: 'price must be a decimal number such as 1299.00' },
      { line: 9, label: 'imp-dry-bad-type', field: 'product_type', message: 'product_type must be one of: affiliate, service, equipment' },
      { line: 10, label: 'imp-dry-new', field: 'slug', message: "The slug 'imp-dry-new' is on line 2 already: a product can be in the file once" },
      { line: 11, label: 'imp-dry-no-name', field: 'name', message: 'name is required' },
      { line: 11, label: 'imp-dry-no-name', field: 'manufacturer', message: 'manufacturer is required' },
      { line: 11, label: 'imp-dry-no-name', field: 'price', message: 'price must be a decimal number such as 1299.00' },
      { line: 12, label: 'imp-dry-short', field: null, message: 'The row has 2 cells where the header has 7' },
    ]);
    // paged: the second page of three
    const page = await admin.get(`/api/admin/imports/${report.id}?errorsPage=2&errorsLimit=3`).expect(200);
    expect(page.body.errors).toMatchObject({ total: 7, page: 2, limit: 3 });
    expect(page.body.errors.rows.map((e: { line: number }) => e.line)).toEqual([11, 11, 11]);
    // nothing changed
    expect((await request(t.http).get('/api/products/imp-dry-existing').expect(200)).body.price).toBe('100.00');
    await request(t.http).get('/api/products/imp-dry-new').expect(404);
    await admin.delete(`/api/admin/products/${existing.body.id}`).expect(200);
    await admin.delete(`/api/admin/products/${same.body.id}`).expect(200);
  });

  it('lists the first 100 rows of each action in its review with the totals, and skips example rows wherever they are', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => equipment(`imp-rev-${String(i + 1).padStart(3, '0')}`));
    const text = csvOf(BASIC, [
      ...rows.slice(0, 70),
      { ...equipment(''), name: 'Example: Review Chair' }, // line 72: no slug, so the one its name makes: example-review-chair
      ...rows.slice(70),
      equipment('example-review-light', { name: 'EXAMPLE: Review Light', price: 'not a price' }), // line 153: skipped, not an error
    ]);
    const report = await dryRun(text);
    expect(report).toMatchObject({ total: 152, counts: { create: 150, update: 0, unchanged: 0, error: 0 } });
    const { create, skipped } = review(report);
    expect(create.total).toBe(150);
    expect(create.rows).toHaveLength(100);
    expect(create.rows.map((row) => row.line)).toEqual([...Array.from({ length: 70 }, (_, i) => i + 2), ...Array.from({ length: 30 }, (_, i) => i + 73)]);
    expect(create.rows.at(-1)).toEqual({ line: 102, slug: 'imp-rev-100', name: 'Import imp-rev-100', action: 'create', reason: null });
    expect(skipped.total).toBe(2);
    expect(skipped.rows.map((row) => [row.line, row.slug, row.name])).toEqual([
      [72, 'example-review-chair', 'Example: Review Chair'],
      [153, 'example-review-light', 'EXAMPLE: Review Light'],
    ]);
    // the report read again has the same review
    expect(review((await admin.get(`/api/admin/imports/${report.id}`).expect(200)).body)).toEqual(review(report));
  });

  it('takes the columns in any order, reports unknown ones, reads semicolons and tabs, booleans and JSON', async () => {
    const columns = ['Price', 'category', 'unit', 'name', 'in_stock', 'features', 'product_type', 'manufacturer', 'specifications', 'notes'];
    const rows = [
      { Price: '10', category: chairs.slug, unit: 'pcs', name: 'Import order one', in_stock: 'No', features: '["a","b"]', product_type: 'equipment', manufacturer: 'M', specifications: '{"Power":"1 W"}' },
      { Price: '11', category: 'import test chairs', unit: 'pcs', name: 'Import order two', in_stock: 'maybe', features: '[1', product_type: 'Equipment', manufacturer: 'M', specifications: '["list"]' },
    ];
    for (const delimiter of [';', '\t']) {
      const report = await dryRun(csvOf(columns, rows, delimiter));
      expect(report.unknownColumns).toEqual(['unit', 'notes']);
      expect(report.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 1 });
      expect(report.errors.rows).toEqual([
        { line: 3, label: 'Import order two', field: 'in_stock', message: 'in_stock must be true or false (yes/no and 1/0 work too)' },
        { line: 3, label: 'Import order two', field: 'features', message: 'features is not valid JSON: it must be a JSON list of texts, such as ["Quiet motor","LED light"]' },
        { line: 3, label: 'Import order two', field: 'specifications', message: 'specifications must be a JSON object of names and texts, such as {"Power":"220 V"}' },
      ]);
    }
  });

  it('reports missing categories with their rows: errors without the option, creates with it, made on apply', async () => {
    const rows = [
      { ...equipment('imp-cat-one'), category: 'Import Kilns', subcategory: 'Import Small Kilns' },
      { ...equipment('imp-cat-two'), category: 'import kilns', subcategory: '' },
      { ...equipment('imp-cat-three'), subcategory: 'Import Missing Sub' },
      { ...equipment('imp-cat-four'), subcategory: 'import test saddle chairs' },
    ];
    const text = csvOf([...BASIC, 'subcategory'], rows);
    const without = await dryRun(text);
    expect(without.createCategories).toBe(false);
    expect(without.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 3 });
    expect(without.missingCategories).toEqual([
      { kind: 'category', name: 'Import Kilns', product_type: 'equipment', parent: null, rows: 2 },
      { kind: 'subcategory', name: 'Import Small Kilns', product_type: 'equipment', parent: 'Import Kilns', rows: 1 },
      { kind: 'subcategory', name: 'Import Missing Sub', product_type: 'equipment', parent: 'Import Test Chairs', rows: 1 },
    ]);
    expect(without.errors.rows).toEqual([
      { line: 2, label: 'imp-cat-one', field: 'category', message: "category 'Import Kilns' does not exist for equipment products" },
      { line: 3, label: 'imp-cat-two', field: 'category', message: "category 'import kilns' does not exist for equipment products" },
      { line: 4, label: 'imp-cat-three', field: 'subcategory', message: "subcategory 'Import Missing Sub' does not exist in category 'Import Test Chairs'" },
    ]);

    const withOption = await dryRun(text, { createCategories: true });
    expect(withOption).toMatchObject({ createCategories: true, counts: { create: 4, update: 0, unchanged: 0, error: 0 } });
    expect(withOption.missingCategories).toEqual(without.missingCategories);
    const applied = await applyAndWait(withOption.id);
    expect(applied).toMatchObject({ status: 'applied', result: { create: 4, update: 0, unchanged: 0, error: 0 }, progress: { done: 4, total: 4 } });
    const [kilns] = await dataSource.query(`SELECT id, name, description, icon, slug, product_type FROM categories WHERE name = 'Import Kilns'`);
    expect(kilns).toMatchObject({ description: 'Import Kilns', icon: 'fa-folder', slug: 'import-kilns', product_type: 'equipment' });
    const subs = await dataSource.query(`SELECT s.name, s.category_id FROM subcategories s WHERE s.name IN ('Import Small Kilns', 'Import Missing Sub') ORDER BY s.name`);
    expect(subs).toEqual([
      { name: 'Import Missing Sub', category_id: chairs.id },
      { name: 'Import Small Kilns', category_id: kilns.id },
    ]);
    const one = (await request(t.http).get('/api/products/imp-cat-one').expect(200)).body;
    expect(one.category_id).toBe(kilns.id);
    expect((await request(t.http).get('/api/products/imp-cat-two').expect(200)).body).toMatchObject({ category_id: kilns.id, subcategory_id: null });
    // the same file again: everything exists now
    const again = await dryRun(text);
    expect(again).toMatchObject({ counts: { create: 0, update: 0, unchanged: 4, error: 0 }, missingCategories: [] });
  });

  it('refuses files it cannot read with a 400 that says why, and a file over 50 MB with a 413', async () => {
    const message = async (call: request.Test, status = 400) => {
      const response = await call;
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ statusCode: status, error: expect.any(String) });
      return response.body.message as string;
    };
    expect(await message(admin.post('/api/admin/imports').send({}))).toBe('No file: send the CSV in the multipart field "file"');
    expect(await message(admin.post('/api/admin/imports').field('createCategories', 'true'))).toBe('No file: send the CSV in the multipart field "file"');
    expect(await message(admin.post('/api/admin/imports').attach('image', Buffer.from('a'), 'x.csv'))).toMatch(/multipart field "file"/);
    expect(await message(upload(admin, ''))).toBe('The file has no header row');
    expect(await message(upload(admin, '\r\n\r\n'))).toBe('The file has no header row');
    expect(await message(upload(admin, Buffer.from('name,product_type,category\r\nCaf\xe9,equipment,x\r\n', 'latin1')))).toBe('The file is not UTF-8 text');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    expect(await message(upload(admin, png))).toMatch(/^The file is not (UTF-8 text|a CSV file: it contains binary data)$/);
    expect(await message(upload(admin, Buffer.from('name,product_type,category\r\n\0\0\0', 'utf8')))).toBe('The file is not a CSV file: it contains binary data');
    expect(await message(upload(admin, 'name,"product_type,category\r\na,b,c\r\n'))).toMatch(/^The file is not a CSV file: /);
    expect(await message(upload(admin, 'name,price\r\nx,1\r\n'))).toBe(
      'The file has no product_type, category columns: every import needs name, product_type, category (download the template to see all columns)',
    );
    expect(await message(upload(admin, 'name,product_type,category,Name\r\n'))).toBe('The file has the same column more than once: name');
    expect(await message(upload(admin, 'name,product_type,category\r\nx,equipment,y\r\n', { createCategories: 'maybe' as unknown as boolean }))).toEqual(['createCategories must be true or false']);
    // refused far into the file, after batches were stored: nothing of it is kept
    const before = (await dataSource.query(`SELECT count(*)::int AS n FROM catalogue_imports`))[0].n;
    const long = csvOf(BASIC, Array.from({ length: 2500 }, (_, i) => equipment(`imp-long-${i}`)));
    expect(await message(upload(admin, Buffer.concat([Buffer.from(long), Buffer.from([0xff, 0x0d, 0x0a])])))).toBe('The file is not UTF-8 text');
    expect(await message(upload(admin, `${long}"unclosed,equipment\r\n`))).toMatch(/^The file is not a CSV file: Quote Not Closed/);
    expect((await dataSource.query(`SELECT count(*)::int AS n FROM catalogue_imports`))[0].n).toBe(before);
    const tooLarge = Buffer.alloc(IMPORT_LIMITS.fileMaxBytes + 1, 'a');
    expect(await message(upload(admin, tooLarge), 413)).toBe('The file is larger than 50 MB: split it into smaller files');
    // none of them left an import behind
    const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM catalogue_imports WHERE filename = 'products.csv' AND total = 0`);
    expect(n).toBe(0);
  });
});

describe('the text of the upload', () => {
  const post = (parts: RawPart[]) => {
    const { contentType, body } = multipartBody(parts);
    return admin.post('/api/admin/imports').set('Content-Type', contentType).send(body);
  };

  it('refuses a NUL, a lone surrogate or a too long name in the file name or a text field with a 400 naming it, storing nothing', async () => {
    const text = csvOf(BASIC, [equipment('imp-multipart-text')]);
    const file = (disposition: string): RawPart => ({ disposition: `form-data; name="file"; ${disposition}`, contentType: 'text/csv', body: text });
    const option = (body: string | Buffer, contentType?: string): RawPart => ({ disposition: 'form-data; name="createCategories"', contentType, body });
    const imports = async () => (await dataSource.query(`SELECT count(*)::int AS n FROM catalogue_imports`))[0].n as number;
    const before = await imports();
    for (const [parts, message] of [
      [[file(`filename*=utf-8''a%00b.csv`)], 'body.file.filename must not contain NUL characters'],
      [[file(`filename*=utf-16le''a%00%00%D8b%00`)], 'body.file.filename must be well-formed Unicode (it contains a lone surrogate)'],
      [[file(`filename="${'x'.repeat(252)}.csv"`)], 'body.file.filename must be at most 255 characters long'],
      [[option('true\0'), file('filename="products.csv"')], 'body.createCategories must not contain NUL characters'],
      [[file('filename="products.csv"'), option('true\0')], 'body.createCategories must not contain NUL characters'],
      [[file('filename="products.csv"'), option(LONE_SURROGATE_UTF16LE, 'text/plain; charset=utf-16le')], 'body.createCategories must be well-formed Unicode (it contains a lone surrogate)'],
      // a raw NUL byte in a plain filename="…" does not even make a part header
      [[file('filename="a\0b.csv"')], 'Multipart: Malformed part header'],
    ] as const) {
      const res = await post([...parts]);
      expect(`${res.status} ${res.body.message}`).toBe(`400 ${message}`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(await imports()).toBe(before);
    // the same file under a UTF-8 name (filename*=) with the option is a dry run like any
    const accepted = await post([file(`filename*=utf-8''caf%C3%A9.csv`), option('true')]).expect(201);
    expect(accepted.body).toMatchObject({ filename: 'café.csv', createCategories: true, total: 1 });
  });
});

describe('apply', () => {
  it('writes the rows as a background job, shows them in the shop, refuses a second apply, and 404/400 for unknown and bad ids', async () => {
    const text = csvOf([...BASIC, 'description', 'features'], [
      equipment('imp-apply-a', { description: 'Apply A', features: '["one"]' }),
      equipment('imp-apply-b', { description: '' }),
      equipment('imp-apply-c', { price: 'bad' }),
    ]);
    const report = await dryRun(text);
    const applied = await applyAndWait(report.id);
    expect(applied).toMatchObject({ status: 'applied', failure: null, result: { create: 2, update: 0, unchanged: 0, error: 1 }, progress: { done: 3, total: 3 } });
    expect(applied.finished_at).toEqual(expect.any(String));
    const a = (await request(t.http).get('/api/products/imp-apply-a').expect(200)).body;
    expect(a).toMatchObject({ name: 'Import imp-apply-a', price: '100.00', description: 'Apply A', features: ['one'], category_id: chairs.id, in_stock: true });
    expect((await request(t.http).get('/api/products/imp-apply-b').expect(200)).body).toMatchObject({ description: 'Product description', image_url: '/media/seed/placeholder.svg' });
    const listed = await request(t.http).get('/api/products?search=imp-apply&limit=50').expect(200);
    expect(listed.body.products.map((p: { slug: string }) => p.slug).sort()).toEqual(['imp-apply-a', 'imp-apply-b']);

    const second = await admin.post(`/api/admin/imports/${report.id}/apply`).expect(409);
    expect(second.body.message).toBe('This import was applied already; upload the file again to import it again');
    await admin.post('/api/admin/imports/00000000-0000-4000-8000-000000000000/apply').expect(404);
    await admin.get('/api/admin/imports/00000000-0000-4000-8000-000000000000').expect(404);
    await admin.get('/api/admin/imports/not-a-uuid').expect(400);
    await admin.get(`/api/admin/imports/${report.id}?errorsLimit=101`).expect(400);
    // the same file imported again changes nothing
    const again = await dryRun(text);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 1 });
    expect((await applyAndWait(again.id)).result).toEqual({ create: 0, update: 0, unchanged: 2, error: 1 });
    // the newest imports first
    const list = await admin.get('/api/admin/imports?limit=2').expect(200);
    expect(list.body.map((i: { id: string }) => i.id)).toEqual([again.id, report.id]);
    expect(list.body[0]).not.toHaveProperty('errors');
    await admin.get('/api/admin/imports?limit=21').expect(400);
  });

  it('changes only the columns the file has, and judges each row again against the product as it is when applied', async () => {
    const saddle = (await dataSource.query(`SELECT id FROM subcategories WHERE name = 'Import Test Saddle Chairs'`))[0].id;
    const moved = await admin
      .post('/api/admin/products')
      .send({ name: 'Import moved', slug: 'imp-moved', manufacturer: 'Old', product_type: 'equipment', category_id: chairs.id, subcategory_id: saddle, description: 'Keep me', features: ['kept'], price: '5' })
      .expect(201);
    const edited = await admin
      .post('/api/admin/products')
      .send({ name: 'Import edited', slug: 'imp-edited', manufacturer: 'M', product_type: 'equipment', category_id: chairs.id, price: '7' })
      .expect(201);
    const report = await dryRun(
      csvOf(['slug', 'name', 'product_type', 'category', 'manufacturer', 'price'], [
        { slug: 'imp-moved', name: 'Import moved', product_type: 'equipment', category: lights.slug, manufacturer: ' ', price: '5' },
        { slug: 'imp-edited', name: 'Import edited', product_type: 'equipment', category: chairs.slug, manufacturer: 'M', price: '7.00' },
      ]),
    );
    expect(report.counts).toEqual({ create: 0, update: 1, unchanged: 1, error: 0 });
    // an admin edits the second product after the dry run: the apply puts the file's price back
    await admin.put(`/api/admin/products/${edited.body.id}`).send({ price: '8' }).expect(200);
    const applied = await applyAndWait(report.id);
    expect(applied.result).toEqual({ create: 0, update: 2, unchanged: 0, error: 0 });
    expect((await request(t.http).get('/api/products/imp-moved').expect(200)).body).toMatchObject({
      category_id: lights.id,
      subcategory_id: null, // a new category without a subcategory column leaves the old subcategory (SPEC §4)
      manufacturer: 'Unknown', // an empty manufacturer on edit (SPEC §5)
      description: 'Keep me',
      features: ['kept'],
      price: '5.00',
    });
    expect((await request(t.http).get('/api/products/imp-edited').expect(200)).body.price).toBe('7.00');
    await admin.delete(`/api/admin/products/${moved.body.id}`).expect(200);
    await admin.delete(`/api/admin/products/${edited.body.id}`).expect(200);
  });

  it('records a row that fails while applying and applies the others', async () => {
    const doomed = (await admin.post('/api/admin/categories').send({ name: 'Import Doomed', description: 'd', icon: 'fa-folder', product_type: 'equipment' }).expect(201)).body;
    const rows = [equipment('imp-fail-a'), { ...equipment('imp-fail-b'), category: doomed.slug }, equipment('imp-fail-c')];
    const report = await dryRun(csvOf(BASIC, rows));
    expect(report.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    // the category goes between the dry run and the apply
    await admin.delete(`/api/admin/categories/${doomed.id}`).expect(200);
    const applied = await applyAndWait(report.id);
    expect(applied).toMatchObject({ status: 'applied', result: { create: 2, update: 0, unchanged: 0, error: 1 } });
    expect(applied.errors).toMatchObject({ total: 1, rows: [{ line: 3, label: 'imp-fail-b', field: null, message: 'The category or subcategory of this row no longer exists' }] });
    await request(t.http).get('/api/products/imp-fail-a').expect(200);
    await request(t.http).get('/api/products/imp-fail-b').expect(404);
    await request(t.http).get('/api/products/imp-fail-c').expect(200);
  });

  it('marks an import failed, with the reason, once its job has no retries left', async () => {
    const report = await dryRun(csvOf(BASIC, [equipment('imp-doomed-job')]));
    // a job that cannot succeed: the missing category it must create has no product type the database knows (a damaged row)
    await dataSource.query(
      `UPDATE catalogue_imports SET status = 'queued', create_categories = true,
              missing_categories = '[{"kind":"category","name":"Import Robots","product_type":"robots","parent":null,"rows":1}]' WHERE id = $1`,
      [report.id],
    );
    await t.app.get(JobQueue).boss.send('catalogue-import', { importId: report.id }, { id: report.id, retryLimit: 0 });
    const failed = await settled(report.id);
    expect(failed).toMatchObject({ status: 'failed', progress: { done: 0, total: 1 }, result: { create: 0, update: 0, unchanged: 0, error: 0 } });
    expect(failed.failure).toMatch(/invalid input value for enum product_type: "robots"/);
    expect(failed.finished_at).toEqual(expect.any(String));
    await request(t.http).get('/api/products/imp-doomed-job').expect(404);
    expect((await admin.post(`/api/admin/imports/${report.id}/apply`).expect(409)).body.message).toBe(
      'This import failed while it was applied; upload the file again to import it again',
    );
  });

  it('bumps the catalogue version: a kept answer is not served after the apply', async () => {
    const url = '/api/products?search=impcache&limit=10';
    const before = await request(t.http).get(url).expect(200);
    expect(before.body.products).toEqual([]);
    await request(t.http).get(url).set('If-None-Match', before.headers.etag!).expect(304);
    const report = await dryRun(csvOf(BASIC, [equipment('impcache-one', { name: 'Impcache One' })]));
    await applyAndWait(report.id);
    const after = await request(t.http).get(url).set('If-None-Match', before.headers.etag!).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.products.map((p: { slug: string }) => p.slug)).toEqual(['impcache-one']);
  });
});

describe('resume', () => {
  it('goes on after the API was closed mid-apply, in a new API on the same database, each row once', async () => {
    const db = await freshDatabase('imports_resume', { seeded: true });
    const env: NodeJS.ProcessEnv = { ...db.env, IMPORT_BATCH_SIZE: '3' };
    let first: TestApp | undefined = await startTestApp(env);
    let second: TestApp | undefined;
    try {
      const agent = () => {
        const a = request.agent((second ?? first)!.http);
        return a.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200).then(() => a);
      };
      const firstAdmin = await agent();
      const category = (await firstAdmin.post('/api/admin/categories').send({ name: 'Resume', description: 'd', icon: 'fa-folder', product_type: 'equipment' }).expect(201)).body;
      const rows = Array.from({ length: 240 }, (_, i) => ({ slug: `resume-${i}`, name: `Resume ${i}`, product_type: 'equipment', category: category.slug, manufacturer: 'R', price: String(i) }));
      const report = await dryRun(csvOf(BASIC, rows), {}, firstAdmin);
      expect(report.counts.create).toBe(240);
      await firstAdmin.post(`/api/admin/imports/${report.id}/apply`).expect(202);
      const done = async (app: TestApp) => (await app.app.get(DataSource).query(`SELECT rows_done FROM catalogue_imports WHERE id = $1`, [report.id]))[0].rows_done as number;
      await eventually(() => done(first!), { what: 'the first rows applied' });
      const before = await done(first);
      await first.close();
      first = undefined;
      // stopped between batches, part of the way through (the new API must finish the rest, each row once)
      expect(before).toBeLessThan(240);
      expect(before % 3).toBe(0);

      second = await startTestApp(env);
      const finished = await settled(report.id, await agent());
      expect(finished).toMatchObject({ status: 'applied', failure: null, result: { create: 240, update: 0, unchanged: 0, error: 0 }, progress: { done: 240, total: 240 } });
      const [{ n }] = await second.app.get(DataSource).query(`SELECT count(*)::int AS n FROM products WHERE slug LIKE 'resume-%'`);
      expect(n).toBe(240);
    } finally {
      await first?.close();
      await second?.close();
      await db.drop();
    }
  }, 180_000);
});
