/**
 * Order guides (issue 36) on the real app and PostgreSQL: a practice's named lists of products with
 * default quantities, made, renamed, edited (quantities, order, removal) and deleted by any member,
 * shared by the practice; made from an order; 'Add all to cart' at today's prices, naming every line
 * it skips (a deleted product, one no longer equipment, one out of stock); the bounds (lines per
 * guide, guides per practice, a page of the list); bad input answered 4xx naming the problem. The
 * sweep of every route × role × own/other practice is practices-authorization.spec.ts.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { ORDER_GUIDE_LIMITS } from '@dentalmarket/contracts/order-guides';
import { PracticeWorld } from './practices-fixtures.js';

const w = new PracticeWorld();
let owner: TestAgent;
let purchaser: TestAgent;
let assistant: TestAgent;
let other: TestAgent;

beforeAll(async () => {
  await w.start('order_guides');
  owner = await w.register('og_owner', { practice_name: 'Guide Dental', full_name: 'Dr. Gia Owner' });
  purchaser = await w.join(owner, 'og_purchaser', 'purchaser');
  assistant = await w.join(owner, 'og_assistant', 'assistant');
  other = await w.register('og_other', { practice_name: 'Other Dental' });
});
afterAll(() => w.stop());

/** A product of our own (equipment unless said), as test fixtures: its id. */
async function product(name: string, price = '12.50', type = 'equipment', inStock = true): Promise<number> {
  const [{ id: categoryId }] = await w.t.dataSource.query(`SELECT id FROM categories ORDER BY id LIMIT 1`);
  const [row] = await w.t.dataSource.query(
    `INSERT INTO products (name, description, price, category_id, manufacturer, product_type, slug, in_stock)
     VALUES ($1, 'guide test product', $2, $3, 'Guidemaker', $4, $5, $6) RETURNING id`,
    [name, price, categoryId, type, `${name.toLowerCase().replace(/\W+/g, '-')}-${process.hrtime.bigint()}`, inStock],
  );
  return row.id as number;
}

const names = (guide: { lines: Array<{ name: string }> }) => guide.lines.map((line) => line.name);

describe('an order guide', () => {
  it('is made, read, renamed, edited and deleted by any member of the practice, who all see the same guide', async () => {
    const gloves = await product('OG Gloves', '25.00');
    const bibs = await product('OG Bibs', '9.99');
    const made = (await owner.post('/api/order-guides').send({ name: '  Monthly supplies ', lines: [{ product_id: gloves, quantity: 4 }] }).expect(201)).body;
    expect(made).toMatchObject({ name: 'Monthly supplies', line_count: 1, updated_by: 'Dr. Gia Owner' });
    expect(made.lines).toEqual([{ id: expect.any(Number), product_id: gloves, name: 'OG Gloves', manufacturer: 'Guidemaker', quantity: 4, price: '25.00', image_url: null, slug: expect.any(String), problem: null }]);

    // the assistant adds a line, the purchaser raises a quantity: each sees the other's change
    const added = (await assistant.post(`/api/order-guides/${made.id}/lines`).send({ product_id: bibs, quantity: 2 }).expect(200)).body;
    expect(names(added)).toEqual(['OG Gloves', 'OG Bibs']);
    expect(added.updated_by).toBe('og_assistant');
    const again = (await purchaser.post(`/api/order-guides/${made.id}/lines`).send({ product_id: gloves, quantity: 998 }).expect(200)).body;
    expect(again.lines.map((l: { quantity: number }) => l.quantity)).toEqual([ORDER_GUIDE_LIMITS.quantityMax, 2]); // one line per product, capped
    const bibsLine = again.lines[1].id;
    const changed = (await purchaser.patch(`/api/order-guides/${made.id}/lines/${bibsLine}`).send({ quantity: 3 }).expect(200)).body;
    expect(changed.lines[1]).toMatchObject({ name: 'OG Bibs', quantity: 3 });
    expect((await assistant.get(`/api/order-guides/${made.id}`).expect(200)).body).toEqual(changed);

    const renamed = (await assistant.patch(`/api/order-guides/${made.id}`).send({ name: 'Monthly supplies (surgery)' }).expect(200)).body;
    expect(renamed.name).toBe('Monthly supplies (surgery)');
    const list = (await purchaser.get('/api/order-guides').expect(200)).body;
    expect(list.guides.find((g: { id: number }) => g.id === made.id)).toMatchObject({ name: 'Monthly supplies (surgery)', line_count: 2, updated_by: 'og_assistant' });

    await purchaser.delete(`/api/order-guides/${made.id}/lines/${bibsLine}`).expect(200);
    expect(names((await owner.get(`/api/order-guides/${made.id}`).expect(200)).body)).toEqual(['OG Gloves']);
    await assistant.delete(`/api/order-guides/${made.id}`).expect(204);
    await owner.get(`/api/order-guides/${made.id}`).expect(404);
    await owner.delete(`/api/order-guides/${made.id}`).expect(404);
    expect(await w.t.dataSource.query(`SELECT 1 FROM order_guide_lines WHERE guide_id = $1`, [made.id])).toHaveLength(0);
  });

  it('moves a line up or down (the lines between move by one; past the end it goes last) and keeps places 0…n−1 through removals', async () => {
    const ids = [];
    for (const letter of ['A', 'B', 'C', 'D']) ids.push(await product(`OG Move ${letter}`));
    const guide = (await owner.post('/api/order-guides').send({ name: 'Move test', lines: ids.map((product_id) => ({ product_id, quantity: 1 })) }).expect(201)).body;
    const line = (name: string, g = guide) => g.lines.find((l: { name: string }) => l.name === `OG Move ${name}`).id;
    const move = async (name: string, position: number) => (await assistant.patch(`/api/order-guides/${guide.id}/lines/${line(name)}`).send({ position }).expect(200)).body;
    expect(names(await move('D', 0)).map((n) => n.slice(-1))).toEqual(['D', 'A', 'B', 'C']);
    expect(names(await move('D', 2)).map((n) => n.slice(-1))).toEqual(['A', 'B', 'D', 'C']);
    expect(names(await move('A', 199)).map((n) => n.slice(-1))).toEqual(['B', 'D', 'C', 'A']);
    await owner.delete(`/api/order-guides/${guide.id}/lines/${line('B')}`).expect(200);
    const positions = await w.t.dataSource.query(`SELECT position FROM order_guide_lines WHERE guide_id = $1 ORDER BY position`, [guide.id]);
    expect(positions.map((p: { position: number }) => p.position)).toEqual([0, 1, 2]);
    expect(names(await move('C', 0)).map((n) => n.slice(-1))).toEqual(['C', 'D', 'A']);
    // quantity and place at once
    const both = (await owner.patch(`/api/order-guides/${guide.id}/lines/${line('A')}`).send({ quantity: 7, position: 0 }).expect(200)).body;
    expect(both.lines[0]).toMatchObject({ name: 'OG Move A', quantity: 7 });
  });

  it('is made from one of the practice\'s orders, with its lines and quantities; another practice\'s order answers 404', async () => {
    const number = await w.order(purchaser);
    const guide = (await assistant.post('/api/order-guides').send({ name: 'From an order', from_order: number.toLowerCase() }).expect(201)).body;
    expect(guide.lines).toEqual([expect.objectContaining({ product_id: w.p.cheap.id, name: 'Order Test Bur', quantity: 1, price: w.p.cheap.price, problem: null })]);
    const theirs = await w.order(other);
    const refused = (await owner.post('/api/order-guides').send({ name: 'Not ours', from_order: theirs }).expect(404)).body;
    expect(refused.message).toBe('No order with this number in your practice');
    expect((await owner.post('/api/order-guides').send({ name: 'Not ours', from_order: 'DM-ZZZZZZ' }).expect(404)).body).toEqual(refused);
  });

  it('lists a page at a time by name, A to Z, case aside; a name is the practice\'s once, whatever its case', async () => {
    const fresh = await w.register('og_lister', { practice_name: 'Lister Dental' });
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo']) await fresh.post('/api/order-guides').send({ name }).expect(201);
    const first = (await fresh.get('/api/order-guides?page=1&limit=2').expect(200)).body;
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.guides.map((g: { name: string }) => g.name)).toEqual(['Alpha', 'Bravo']);
    expect((await fresh.get('/api/order-guides?page=3&limit=2').expect(200)).body.guides.map((g: { name: string }) => g.name)).toEqual(['echo']);
    expect((await fresh.get('/api/order-guides').expect(200)).body.limit).toBe(20);

    const taken = (await fresh.post('/api/order-guides').send({ name: 'ALPHA' }).expect(409)).body;
    expect(taken.message).toBe('Your practice has an order guide named “ALPHA” already: choose another name');
    const bravo = first.guides[1].id;
    expect((await fresh.patch(`/api/order-guides/${bravo}`).send({ name: 'Charlie' }).expect(409)).body.message).toContain('“Charlie”');
    await fresh.patch(`/api/order-guides/${bravo}`).send({ name: 'BRAVO' }).expect(200); // its own name in other letters
    // another practice may use the same name
    await other.post('/api/order-guides').send({ name: 'Alpha' }).expect(201);
  });
});

describe('an account that joins another practice', () => {
  it("brings the guides of the practice it leaves empty; a name the practice has already gets the guide's id after it", async () => {
    const joiner = await w.register('og_joiner', { practice_name: 'Solo Dental' });
    const own = (await joiner.post('/api/order-guides').send({ name: 'Solo list', lines: [{ product_id: w.p.chair.id, quantity: 1 }] }).expect(201)).body;
    const clash = (await joiner.post('/api/order-guides').send({ name: 'from an order' }).expect(201)).body;
    const before = w.received.length;
    await owner.post('/api/practice/invitations').send({ email: 'og_joiner@practice.example', role: 'purchaser' }).expect(201);
    const token = await w.invitationToken('og_joiner@practice.example', before);
    await joiner.post(`/api/invitations/${token}/accept`).send({}).expect(200);
    const names = (await owner.get('/api/order-guides?limit=100').expect(200)).body.guides.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['Solo list', 'From an order', `from an order (${clash.id})`]));
    expect((await assistant.get(`/api/order-guides/${own.id}`).expect(200)).body.lines).toHaveLength(1);
  });
});

describe("'Add all to cart'", () => {
  it("answers the lines at today's prices and names each line it skips: deleted, no longer equipment, out of stock", async () => {
    const kept = await product('OG Cart Kept', '10.00');
    const repriced = await product('OG Cart Repriced', '20.00');
    const deleted = await product('OG Cart Deleted', '30.00');
    const retyped = await product('OG Cart Retyped', '40.00');
    const soldOut = await product('OG Cart Sold Out', '50.00');
    const lines = [kept, repriced, deleted, retyped, soldOut].map((product_id, i) => ({ product_id, quantity: i + 1 }));
    const guide = (await owner.post('/api/order-guides').send({ name: 'Cart test', lines }).expect(201)).body;

    await w.t.dataSource.query(`UPDATE products SET price = 22.50, name = 'OG Cart Repriced v2' WHERE id = $1`, [repriced]);
    await w.t.dataSource.query(`DELETE FROM products WHERE id = $1`, [deleted]);
    await w.t.dataSource.query(`UPDATE products SET product_type = 'service' WHERE id = $1`, [retyped]);
    await w.t.dataSource.query(`UPDATE products SET in_stock = false WHERE id = $1`, [soldOut]);

    const answer = (await assistant.post(`/api/order-guides/${guide.id}/add-to-cart`).expect(200)).body;
    expect(answer.lines).toEqual([
      { id: kept, name: 'OG Cart Kept', manufacturer: 'Guidemaker', price: '10.00', image_url: null, quantity: 1 },
      { id: repriced, name: 'OG Cart Repriced v2', manufacturer: 'Guidemaker', price: '22.50', image_url: null, quantity: 2 },
    ]);
    const lineId = (name: string) => guide.lines.find((l: { name: string }) => l.name === name).id;
    expect(answer.skipped).toEqual([
      { line_id: lineId('OG Cart Deleted'), product_id: null, name: 'OG Cart Deleted', problem: 'not_found' },
      { line_id: lineId('OG Cart Retyped'), product_id: retyped, name: 'OG Cart Retyped', problem: 'not_equipment' },
      { line_id: lineId('OG Cart Sold Out'), product_id: soldOut, name: 'OG Cart Sold Out', problem: 'out_of_stock' },
    ]);
    // the guide keeps every line, saying which cannot be ordered now
    const read = (await owner.get(`/api/order-guides/${guide.id}`).expect(200)).body;
    expect(read.lines.map((l: { name: string; problem: string | null; price: string | null }) => [l.name, l.problem, l.price])).toEqual([
      ['OG Cart Kept', null, '10.00'],
      ['OG Cart Repriced v2', null, '22.50'],
      ['OG Cart Deleted', 'not_found', null],
      ['OG Cart Retyped', 'not_equipment', '40.00'],
      ['OG Cart Sold Out', 'out_of_stock', '50.00'],
    ]);
    // what it answered is what checkout takes: the lines order at those prices
    const placed = await purchaser.post('/api/orders').send({
      lines: answer.lines.map((l: { id: number; quantity: number; price: string }) => ({ product_id: l.id, quantity: l.quantity, unit_price: l.price })),
      shipping: { fullName: 'Dr. Jane Smith', email: 'jane.smith@example.com', address: '12 Harbour Street', city: 'Portland', state: 'OR', zipCode: '97201' },
    });
    expect(placed.status).toBe(201);
  });

  it('answers an empty guide with no lines; an unknown guide with 404', async () => {
    const empty = (await purchaser.post('/api/order-guides').send({ name: 'Empty for now' }).expect(201)).body;
    expect((await purchaser.post(`/api/order-guides/${empty.id}/add-to-cart`).expect(200)).body).toEqual({ lines: [], skipped: [] });
    expect((await purchaser.post('/api/order-guides/2147483000/add-to-cart').expect(404)).body.message).toBe('No such order guide in your practice');
  });
});

describe('bounds and bad input', () => {
  it(`holds ${ORDER_GUIDE_LIMITS.linesMax} lines at most, and a practice ${ORDER_GUIDE_LIMITS.guidesMax} guides`, async () => {
    const [{ id: categoryId }] = await w.t.dataSource.query(`SELECT id FROM categories ORDER BY id LIMIT 1`);
    const ids = (await w.t.dataSource.query(
      `INSERT INTO products (name, description, price, category_id, manufacturer, product_type, slug)
       SELECT 'OG Bulk ' || n, 'bulk', 1.00, $1, 'Bulkmaker', 'equipment', 'og-bulk-' || n FROM generate_series(1, $2::int) n RETURNING id`,
      [categoryId, ORDER_GUIDE_LIMITS.linesMax + 1],
    )).map((row: { id: number }) => row.id);
    const lines = ids.slice(0, ORDER_GUIDE_LIMITS.linesMax).map((product_id: number) => ({ product_id, quantity: 1 }));
    const tooMany = (await owner.post('/api/order-guides').send({ name: 'Too big', lines: [...lines, { product_id: ids.at(-1), quantity: 1 }] }).expect(400)).body;
    expect(JSON.stringify(tooMany.message)).toContain(`lines must hold at most ${ORDER_GUIDE_LIMITS.linesMax} lines`);
    const full = (await owner.post('/api/order-guides').send({ name: 'Full', lines }).expect(201)).body;
    expect(full.line_count).toBe(ORDER_GUIDE_LIMITS.linesMax);
    const refused = (await owner.post(`/api/order-guides/${full.id}/lines`).send({ product_id: ids.at(-1), quantity: 1 }).expect(409)).body;
    expect(refused.message).toBe(`An order guide holds at most ${ORDER_GUIDE_LIMITS.linesMax} lines: remove some before adding more`);
    // a product on the guide already still has its quantity raised
    await owner.post(`/api/order-guides/${full.id}/lines`).send({ product_id: ids[0], quantity: 1 }).expect(200);
    expect((await owner.post(`/api/order-guides/${full.id}/add-to-cart`).expect(200)).body.lines).toHaveLength(ORDER_GUIDE_LIMITS.linesMax);

    const crowded = await w.register('og_crowded');
    const [{ practice_id: practiceId }] = await w.t.dataSource.query(`SELECT practice_id FROM users WHERE username = 'og_crowded'`);
    await w.t.dataSource.query(`INSERT INTO order_guides (practice_id, name) SELECT $1, 'Guide ' || n FROM generate_series(1, $2::int) n`, [practiceId, ORDER_GUIDE_LIMITS.guidesMax]);
    expect((await crowded.post('/api/order-guides').send({ name: 'One more' }).expect(409)).body.message).toBe(
      `A practice keeps at most ${ORDER_GUIDE_LIMITS.guidesMax} order guides: delete one before making another`,
    );
    const page = (await crowded.get('/api/order-guides?limit=100&page=5').expect(200)).body;
    expect([page.total, page.guides.length]).toEqual([ORDER_GUIDE_LIMITS.guidesMax, 100]);
    await crowded.get('/api/order-guides?limit=101').expect(400);
  });

  it('answers bad input with a 4xx naming the problem, and changes nothing', async () => {
    const bur = w.p.cheap.id;
    const guide = (await owner.post('/api/order-guides').send({ name: 'Bad input', lines: [{ product_id: bur, quantity: 1 }] }).expect(201)).body;
    const line = guide.lines[0].id;
    const cases: Array<[string, () => request.Test, number, string]> = [
      ['empty name', () => owner.post('/api/order-guides').send({ name: '   ' }), 400, 'name must not be empty'],
      ['long name', () => owner.post('/api/order-guides').send({ name: 'x'.repeat(121) }), 400, 'name must be at most 120 characters'],
      ['no name', () => owner.post('/api/order-guides').send({}), 400, 'name must be text'],
      ['both', () => owner.post('/api/order-guides').send({ name: 'Both', lines: [], from_order: 'DM-7K3QX9' }), 400, 'Send lines or from_order, not both'],
      ['bad order number', () => owner.post('/api/order-guides').send({ name: 'Bad', from_order: 'order 5' }), 400, 'from_order must be an order number such as DM-7K3QX9'],
      ['repeated', () => owner.post('/api/order-guides').send({ name: 'Twice', lines: [{ product_id: bur, quantity: 1 }, { product_id: bur, quantity: 2 }] }), 400, `product_id ${bur} appears twice`],
      ['unknown field', () => owner.post('/api/order-guides').send({ name: 'X', practice_id: 1 }), 400, 'property practice_id should not exist'],
      ['zero quantity', () => owner.post(`/api/order-guides/${guide.id}/lines`).send({ product_id: bur, quantity: 0 }), 400, 'quantity must be at least 1'],
      ['huge quantity', () => owner.post(`/api/order-guides/${guide.id}/lines`).send({ product_id: bur, quantity: 1000 }), 400, 'quantity must be at most 999'],
      ['fraction', () => owner.post(`/api/order-guides/${guide.id}/lines`).send({ product_id: bur, quantity: 1.5 }), 400, 'quantity must be a whole number'],
      ['text quantity', () => owner.post(`/api/order-guides/${guide.id}/lines`).send({ product_id: bur, quantity: '2' }), 400, 'quantity'],
      ['no product', () => owner.post(`/api/order-guides/${guide.id}/lines`).send({ product_id: 2147483000, quantity: 1 }), 422, 'product_id 2147483000 is not in the catalogue'],
      ['a service', () => owner.post(`/api/order-guides/${guide.id}/lines`).send({ product_id: w.p.service.id, quantity: 1 }), 422, '“Order Test Service” is a service: only equipment goes on an order guide'],
      ['bad id', () => owner.get('/api/order-guides/abc'), 400, 'id'],
      ['zero id', () => owner.get('/api/order-guides/0'), 400, 'id must be an order guide id'],
      ['bad line id', () => owner.patch(`/api/order-guides/${guide.id}/lines/x1`).send({ quantity: 2 }), 400, 'lineId'],
      ['nothing to change', () => owner.patch(`/api/order-guides/${guide.id}/lines/${line}`).send({}), 400, 'Send quantity, position or both'],
      ['negative position', () => owner.patch(`/api/order-guides/${guide.id}/lines/${line}`).send({ position: -1 }), 400, 'position must be 0 or more'],
      ['no such line', () => owner.patch(`/api/order-guides/${guide.id}/lines/2147483000`).send({ quantity: 2 }), 404, 'No such line on this order guide'],
      ['no such line to remove', () => owner.delete(`/api/order-guides/${guide.id}/lines/2147483000`), 404, 'No such line on this order guide'],
      ['bad page', () => owner.get('/api/order-guides?page=0'), 400, 'page'],
    ];
    for (const [what, send, status, message] of cases) {
      const answer = await send();
      expect([what, answer.status]).toEqual([what, status]);
      expect([what, JSON.stringify(answer.body.message)]).toEqual([what, expect.stringContaining(message)]);
    }
    expect((await owner.get(`/api/order-guides/${guide.id}`).expect(200)).body).toEqual(guide);
    expect((await owner.get('/api/order-guides?limit=100').expect(200)).body.guides.map((g: { name: string }) => g.name)).not.toContain('Twice');
  });
});

describe('the migration (1765620000000-OrderGuides)', () => {
  it('a product deleted from the catalogue stays on the guide by name, without an id', async () => {
    const gone = await product('OG Soon Gone');
    const guide = (await owner.post('/api/order-guides').send({ name: 'Deletion test', lines: [{ product_id: gone, quantity: 2 }] }).expect(201)).body;
    await w.t.dataSource.query(`DELETE FROM products WHERE id = $1`, [gone]);
    const [row] = await w.t.dataSource.query(`SELECT product_id, name, quantity FROM order_guide_lines WHERE guide_id = $1`, [guide.id]);
    expect(row).toEqual({ product_id: null, name: 'OG Soon Gone', quantity: 2 });
    // the same product can't be listed twice, a deleted one any number of times
    await expect(w.t.dataSource.query(`INSERT INTO order_guide_lines (guide_id, position, product_id, name, manufacturer, quantity) VALUES ($1, 1, $2, 'x', 'y', 1), ($1, 2, $2, 'x', 'y', 1)`, [guide.id, w.p.cheap.id])).rejects.toThrow(/UQ_order_guide_lines_guide_product/);
    await expect(w.t.dataSource.query(`UPDATE order_guide_lines SET quantity = 0 WHERE guide_id = $1`, [guide.id])).rejects.toThrow(/CHK_order_guide_lines_quantity/);
  });
});
