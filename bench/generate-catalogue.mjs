#!/usr/bin/env node
// A deterministic N-product catalogue in its own PostgreSQL database, dm_bench_<n>:
//   node bench/generate-catalogue.mjs [--products 100000] [--server postgres://postgres@127.0.0.1:5432]
// The schema, the demo categories/subcategories (and the ~100 demo products) come from the built
// API itself (one start with SEED_DEMO=true, NODE_ENV=development); then N products are inserted
// from a seeded PRNG, the same bytes on every run, and the table is ANALYZEd.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

/**
 * The three search terms and the share of rows each is injected into. Nothing else in the word
 * lists contains them (checked below), so ILIKE '%term%' on name or description matches exactly
 * the rows they were put in (plus the odd demo product).
 */
export const SEARCH_TERMS = { rare: 'titanium', medium: 'scanner', common: 'dental' };
const P_RARE = 0.005;
const P_MEDIUM = 0.19;
const P_COMMON = 0.66;

/** Whether the database exists with a catalogue in it (a run stopped while generating leaves it empty). */
export async function catalogueExists(server, name) {
  const client = new pg.Client({ connectionString: `${server}/${name}` });
  try {
    await client.connect();
    return (await client.query('SELECT count(*)::int AS n FROM products')).rows[0].n > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function databaseName(products) {
  return `dm_bench_${products}`;
}
export function databaseUrl(products, server = DEFAULT_SERVER) {
  return `${server.replace(/\/+$/, '')}/${databaseName(products)}`;
}

/** mulberry32: small, fast and the same everywhere. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MANUFACTURERS = [
  'Meridian', 'Nordhaus Medical', 'Kavora', 'Sirova', 'Planmark', 'Aurelia Instruments', 'Belmont Clinical Systems', 'Orbis Medtech',
  'Vantor', 'Helix Oral Care', 'Stellaris', 'Castellan', 'Lumina Surgical', 'Quadrant Labs', 'Bergmann & Sohn', 'Azura',
  'Tessaro', 'Kinetic Oral', 'Polaris Medical', 'Cobalt Ridge', 'Everwell', 'Finch & Hale', 'Granite Bay Supply', 'Halvorsen',
  'Ivory Coast Labs', 'Juniper Health', 'Kestrel Devices', 'Lindqvist', 'Morrow Medical', 'Northwind Clinical', 'Oakridge', 'Pemberton',
  'Quill Medical', 'Riverside Supply', 'Saxon Devices', 'Tamsin Oral', 'Umbra Optics', 'Valdura', 'Westbrook', 'Yarrow Health',
];
const MODELS = [
  'Aria', 'Nova', 'Vista', 'Pulse', 'Orion', 'Apex', 'Zenith', 'Luma', 'Vero', 'Axis', 'Prima', 'Sola', 'Terra', 'Cirrus', 'Delta',
  'Echo', 'Flux', 'Halo', 'Ion', 'Jade', 'Kappa', 'Lyra', 'Mira', 'Nexa', 'Onyx', 'Pico', 'Quanta', 'Rho', 'Sigma', 'Theta', 'Ultra',
  'Vega', 'Wave', 'Xeno', 'Yuna', 'Zeta', 'Atlas', 'Borealis', 'Corvus', 'Draco',
];
const NOUNS = {
  equipment: [
    'Treatment Centre', 'Operator Stool', 'Operatory Light', 'Autoclave', 'Ultrasonic Cleaner', 'Compressor', 'Suction Unit',
    'Curing Light', 'Apex Locator', 'Endo Motor', 'Surgical Motor', 'Handpiece', 'Contra-Angle', 'Air Polisher', 'Piezo Unit',
    'Sensor', 'Panoramic Unit', 'Cone Beam Unit', 'Milling Unit', 'Sintering Furnace', 'Loupes', 'Microscope', 'Amalgamator',
  ],
  service: [
    'Maintenance Plan', 'Installation Service', 'Calibration Visit', 'Repair Service', 'Staff Training', 'Practice Audit',
    'Software Support', 'Radiation Survey', 'Water Line Testing', 'Design Consultation', 'Equipment Relocation', 'Marketing Package',
  ],
  affiliate: [
    'Composite Kit', 'Impression Material', 'Bonding Agent', 'Nitrile Gloves', 'Face Masks', 'Prophy Paste', 'Whitening Kit',
    'Suture Pack', 'Matrix Bands', 'Burs Assortment', 'Disinfectant Wipes', 'Saliva Ejectors', 'Bib Clips', 'Cotton Rolls',
  ],
};
/** The medium term goes into names as one of these nouns (any type), replacing the type's own. */
const SCANNER_NOUNS = {
  equipment: ['Intraoral Scanner', 'Lab Scanner', 'Model Scanner'],
  service: ['Scanner Calibration', 'Scanner Training'],
  affiliate: ['Scanner Tip Pack', 'Scanner Sleeves'],
};
const FILLER = (
  'reliable quiet compact ergonomic precise durable efficient modern hygienic intuitive versatile robust lightweight ' +
  'patient comfort workflow chairside surgery practice team hygiene infection control maintenance warranty delivery ' +
  'service clinician assistant operatory treatment procedure restoration endodontic orthodontic periodontal prosthetic ' +
  'implantology imaging sterile cycle water pressure speed torque light power display touch screen memory position ' +
  'footswitch upholstery stainless steel aluminium polymer ceramic coating surface cleaning validation record software ' +
  'update network integration accessory cartridge filter hose valve sensor motor battery charger tray holder bracket ' +
  'mount cabinet cart stool daily weekly routine simple fast safe accurate consistent optimal premium standard ' +
  'includes features offers provides supports reduces improves keeps ensures allows combines delivers'
).split(' ');
const CONNECTORS = ['and', 'with', 'for', 'the', 'a', 'in', 'to', 'of', 'every', 'your'];
const COMMON_SENTENCES = ['Built for busy dental practices.', 'Trusted by dental teams.', 'Made for modern dental surgeries.'];
const RARE_SENTENCES = ['Titanium components resist corrosion.', 'With a titanium housing.'];
const MEDIUM_IN_DESCRIPTION = 0.05; // part of the medium share lands in descriptions, the rest in names

function assertTermsIsolated() {
  const words = [...MANUFACTURERS, ...MODELS, ...Object.values(NOUNS).flat(), ...FILLER, ...CONNECTORS];
  for (const term of Object.values(SEARCH_TERMS)) {
    const clash = words.find((w) => w.toLowerCase().includes(term));
    if (clash) throw new Error(`word list entry "${clash}" contains the search term "${term}"`);
  }
}

/** Zipf (default s = 1.1, the manufacturers: the first few make most of the catalogue): r in [0, 1) → index 0..n-1. */
export function zipfPicker(n, s = 1.1) {
  const weights = Array.from({ length: n }, (_, k) => 1 / (k + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  const cumulative = weights.map((w) => (acc += w / total));
  return (r) => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const slugify = (text) => text.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * The catalogue's rows in order, one at a time (a million rows held at once would be gigabytes of
 * JS heap); `subcategories` are the seeded ones ({id, category_id, product_type}).
 */
function* makeProducts(count, subcategories, seed = 20260101) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const manufacturerIndex = zipfPicker(MANUFACTURERS.length);
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i += 1) {
    const sub = subcategories[Math.floor(random() * subcategories.length)];
    const type = sub.product_type;
    const manufacturer = MANUFACTURERS[manufacturerIndex(random())];
    const model = `${pick(MODELS)} ${1 + Math.floor(random() * 9)}${random() < 0.3 ? pick(['S', 'X', ' Pro', ' Plus']) : ''}`;
    const medium = random() < P_MEDIUM;
    const mediumInDescription = medium && random() < MEDIUM_IN_DESCRIPTION / P_MEDIUM;
    const noun = medium && !mediumInDescription ? pick(SCANNER_NOUNS[type]) : pick(NOUNS[type]);
    const name = `${manufacturer} ${model} ${noun}`;
    const wordCount = 20 + Math.floor(random() * 41);
    const extra = [];
    if (random() < P_COMMON) extra.push(pick(COMMON_SENTENCES));
    if (random() < P_RARE) extra.push(pick(RARE_SENTENCES));
    if (mediumInDescription) extra.push('Pairs with any scanner workflow.');
    const extraWords = extra.join(' ').split(' ').filter(Boolean).length;
    const words = [];
    for (let w = 0; w < Math.max(0, wordCount - extraWords); w += 1) words.push(random() < 0.2 ? pick(CONNECTORS) : pick(FILLER));
    if (words.length > 0) words[0] = words[0][0].toUpperCase() + words[0].slice(1);
    const description = `${words.join(' ')}.${extra.length ? ` ${extra.join(' ')}` : ''}`;
    const magnitude = type === 'equipment' ? 50 + random() ** 2 * 60000 : type === 'service' ? 80 + random() * 5000 : 5 + random() * 400;
    const featured = random() < 0.02;
    yield [
      name,
      description,
      magnitude.toFixed(2),
      `/media/seed/${type}.svg`,
      sub.category_id,
      sub.id,
      manufacturer,
      JSON.stringify({ model, warranty: `${1 + Math.floor(random() * 5)} years` }),
      type,
      type === 'affiliate' ? `https://partner.example/${slugify(name)}` : null,
      JSON.stringify(type === 'service' ? [] : ['Free delivery', 'CE marked'].slice(0, 1 + Math.floor(random() * 2))),
      featured,
      random() < 0.05,
      (3 + random() * 2).toFixed(1),
      Math.floor(random() * 400),
      new Date(base - i * 60_000).toISOString(),
      `${slugify(name)}-${i + 1}`,
      random() < 0.9,
    ];
  }
}
const COLUMNS = [
  'name', 'description', 'price', 'image_url', 'category_id', 'subcategory_id', 'manufacturer', 'specifications', 'product_type',
  'affiliate_link', 'features', 'is_featured', 'is_new', 'rating', 'reviews_count', 'created_at', 'slug', 'in_stock',
];

export /** TCP ports a process listens on, from its socket inodes and /proc/net/tcp{,6}. */
function listeningPorts(pid) {
  const inodes = new Set();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/);
        if (m) inodes.add(m[1]);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return [];
  }
  const ports = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A' && inodes.has(cols[9])) ports.push(parseInt(cols[1].split(':')[1], 16));
    }
  }
  return ports;
}

/** One start of the built API on the database: migrations, demo categories and subcategories. */
async function migrateAndSeed(url, log) {
  let output = '';
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', DATABASE_URL: url, NODE_ENV: 'development', SEED_DEMO: 'true', SESSION_SECRET: 'bench-only-session-secret' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => (output = (output + c).slice(-6000)));
  child.stderr.on('data', (c) => (output = (output + c).slice(-6000)));
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the API did not become ready:\n${output}`);
      const port = listeningPorts(child.pid)[0]; // PORT=0: the port it got, without a race for a free one
      try {
        if (port && (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    log('  schema migrated and demo catalogue seeded by the API');
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/**
 * Creates (replacing) dm_bench_<products>, or the database `name` (a bench that writes, such as
 * the orders bench, keeps its own), and fills it; returns { url, seconds, matches }.
 */
export async function generateCatalogue({ products = 100_000, server = DEFAULT_SERVER, log = console.log, name = databaseName(products) } = {}) {
  assertTermsIsolated();
  const started = Date.now();
  const admin = new pg.Client({ connectionString: `${server.replace(/\/+$/, '')}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = `${server.replace(/\/+$/, '')}/${name}`;
  log(`Generating ${products} products into ${name}`);
  await migrateAndSeed(url, log);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: subcategories } = await client.query(
      'SELECT s.id, s.category_id, c.product_type::text AS product_type FROM subcategories s JOIN categories c ON c.id = s.category_id ORDER BY s.id',
    );
    if (subcategories.length === 0) throw new Error('the seed created no subcategories');
    const rows = makeProducts(products, subcategories);
    let inserted = 0;
    // Secondary indexes are dropped for the load and rebuilt after it (same definitions), much faster.
    const { rows: indexes } = await client.query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = 'products'
         AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
    );
    await client.query('BEGIN');
    for (const index of indexes) await client.query(`DROP INDEX "${index.indexname}"`);
    const batch = 1000;
    for (;;) {
      const chunk = [];
      while (chunk.length < batch) {
        const next = rows.next();
        if (next.done) break;
        chunk.push(next.value);
      }
      if (chunk.length === 0) break;
      const values = [];
      const tuples = chunk.map((row, r) => `(${row.map((value, c) => (values.push(value), `$${r * COLUMNS.length + c + 1}`)).join(',')})`);
      await client.query(`INSERT INTO products (${COLUMNS.join(',')}) VALUES ${tuples.join(',')}`, values);
      inserted += chunk.length;
      if (inserted % 100_000 === 0) log(`  ${inserted} rows inserted`);
      if (chunk.length < batch) break;
    }
    log(`  ${inserted} rows inserted in ${((Date.now() - started) / 1000).toFixed(1)} s; rebuilding ${indexes.length} indexes`);
    await client.query("SET maintenance_work_mem = '256MB'");
    for (const index of indexes) await client.query(index.indexdef);
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE products');
    await client.query('ANALYZE');
    const { rows: [{ total }] } = await client.query('SELECT count(*)::int AS total FROM products');
    const matches = {};
    for (const [kind, term] of Object.entries(SEARCH_TERMS)) {
      const { rows: [{ n }] } = await client.query('SELECT count(*)::int AS n FROM products WHERE name ILIKE $1 OR description ILIKE $1', [`%${term}%`]);
      matches[kind] = { term, rows: n, percent: (100 * n) / total };
    }
    const { rows: top } = await client.query('SELECT manufacturer, count(*)::int AS n FROM products GROUP BY 1 ORDER BY 2 DESC LIMIT 3');
    const seconds = (Date.now() - started) / 1000;
    log(`  ${total} products in all; search matches: ${Object.values(matches).map((m) => `"${m.term}" ${m.rows} (${m.percent.toFixed(2)} %)`).join(', ')}`);
    log(`  top manufacturers: ${top.map((t) => `${t.manufacturer} ${((100 * t.n) / total).toFixed(1)} %`).join(', ')}; done in ${seconds.toFixed(1)} s`);
    return { url, seconds, total, matches };
  } finally {
    await client.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (flag, fallback) => {
    const i = process.argv.indexOf(flag);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  await generateCatalogue({ products: Number(arg('--products', 100_000)), server: arg('--server', DEFAULT_SERVER) });
}
