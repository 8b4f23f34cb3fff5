/**
 * The search index kept in a file, for the next start on the same host (issue 37: index ready ≤ 30 s
 * after start at 1,000,000 products). Reading a million products from PostgreSQL and analysing their
 * documents takes minutes on a busy 2-core machine; reading the built index back is a few hundred
 * megabytes of typed arrays from the page cache: seconds. The file says which database it was built
 * from, its catalogue version and snapshot xmin: a start that reads it is then refreshed like any
 * index (the products written since that xmin, the deletions), and a file from another database, of
 * another format or older than the deletion records reach (search-index.service.ts) is not read.
 *
 * Layout: 8 bytes of magic, a 4-byte header length, the JSON header (sizes, the lexicon, the
 * manufacturers, the names' words, the meta), then each typed array's bytes, 8-byte aligned. Written
 * to a temporary file and renamed over the last one, so a reader never sees half of one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ColumnStore, type NameCompare } from './columns.js';
import { Posting } from './memory.js';
import { room, StringColumn } from './strings.js';

const MAGIC = 'DMSIDX02';
const FORMAT = 2;

/** What a snapshot says about where and when it was made. */
export interface SnapshotMeta {
  /** the database it was read from: `system_identifier/database oid` (a restored or other database differs) */
  identity: string;
  /** the database's collation (the name order depends on it) */
  collation: string;
  /** catalogue_state.version and pg_snapshot_xmin of the read, as the service's Loaded has them */
  version: string;
  xmin: string;
  /** when its read was made (ms since the epoch) */
  refreshedAt: number;
}

type Typed = Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Float64Array<ArrayBuffer>;
const TYPES = { Int32Array, Uint8Array, Uint32Array, Float64Array } as const;
type TypeName = keyof typeof TYPES;
/** An array being written (any buffer). */
type View = Int32Array | Uint8Array | Uint32Array | Float64Array;
const typeName = (array: View) => array.constructor.name as TypeName;

/** The per-slot columns kept, by name. */
const COLUMNS = ['ids', 'alive', 'types', 'flags', 'categories', 'subcategories', 'makers', 'prices', 'ratings', 'floors', 'reviews', 'created'] as const;

/** Writes `store` (prepared: the name order built) to `file`, atomically. */
export function saveSnapshot(store: ColumnStore, file: string, meta: SnapshotMeta): void {
  store.prepare();
  const n = store.size;
  const sections: [string, View][] = COLUMNS.map((name) => [name, store[name].subarray(0, n)]);
  for (const [name, column] of [['names', store.names], ['slugs', store.slugs], ['images', store.images]] as const) {
    const { bytes, starts, nulls } = column.parts();
    sections.push([`${name}.bytes`, bytes], [`${name}.starts`, starts]);
    if (nulls) sections.push([`${name}.nulls`, nulls]);
  }
  sections.push(['nameRank', store.nameRank.subarray(0, n)], ['nameOrder', store.nameOrder]);
  const lexemes: [string, number][] = [];
  let entries = 0;
  for (const [lexeme, posting] of store.postings) {
    lexemes.push([lexeme, posting.length]);
    entries += posting.length;
  }
  const pool = new Uint32Array(entries);
  let at = 0;
  for (const posting of store.postings.values()) {
    pool.set(posting.entries.subarray(0, posting.length), at);
    at += posting.length;
  }
  sections.push(['postings', pool]);
  const header = {
    format: FORMAT,
    meta,
    size: n,
    live: store.live,
    sections: sections.map(([name, array]) => ({ name, type: typeName(array), length: array.length })),
    lexemes,
    makerNames: store.makerNames,
    nameWords: [...store.nameWords],
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = fs.openSync(temporary, 'w', 0o600);
  try {
    const json = Buffer.from(JSON.stringify(header));
    const head = Buffer.alloc(12);
    head.write(MAGIC, 0, 'latin1');
    head.writeUInt32LE(json.length, 8);
    let position = 0;
    const write = (bytes: Uint8Array) => {
      for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done, position + done);
      position += bytes.length;
    };
    write(head);
    write(json);
    for (const [, array] of sections) {
      write(new Uint8Array(pad(position) - position));
      write(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
}

const pad = (position: number) => Math.ceil(position / 8) * 8;

/**
 * The store kept in `file`, or undefined when there is none or it is not of this format. Each array
 * is read into an array of its own, the per-slot ones with room for the products refreshes add (so
 * the first refresh does not double every column).
 */
export function readSnapshot(file: string, compareNames: NameCompare): { store: ColumnStore; meta: SnapshotMeta } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const head = Buffer.alloc(12);
    if (fs.readSync(fd, head, 0, 12, 0) !== 12 || head.toString('latin1', 0, 8) !== MAGIC) return undefined;
    const json = Buffer.alloc(head.readUInt32LE(8));
    fs.readSync(fd, json, 0, json.length, 12);
    const header = JSON.parse(json.toString('utf8')) as {
      format: number;
      meta: SnapshotMeta;
      size: number;
      live: number;
      sections: { name: string; type: TypeName; length: number }[];
      lexemes: [string, number][];
      makerNames: string[];
      nameWords: [string, number][];
    };
    if (header.format !== FORMAT) return undefined;
    const slotRoom = room(header.size);
    let position = 12 + json.length;
    const arrays = new Map<string, Typed>();
    for (const { name, type, length } of header.sections) {
      position = pad(position);
      const perSlot = (COLUMNS as readonly string[]).includes(name) || name === 'nameRank' || name.endsWith('.starts') || name.endsWith('.nulls');
      const array = new TYPES[type](length + (perSlot ? slotRoom : name.endsWith('.bytes') ? room(length) * 4 : 0));
      const bytes = new Uint8Array(array.buffer, 0, length * array.BYTES_PER_ELEMENT);
      for (let done = 0; done < bytes.length; ) {
        const read = fs.readSync(fd, bytes, done, bytes.length - done, position + done);
        if (read === 0) throw new Error(`search index snapshot ${file}: ends inside ${name}`);
        done += read;
      }
      position += bytes.length;
      arrays.set(name, array);
    }
    const store = new ColumnStore(compareNames);
    const get = <T extends Typed>(name: string) => arrays.get(name) as T;
    for (const name of COLUMNS) (store as unknown as Record<string, Typed>)[name] = get(name);
    store.size = header.size;
    store.live = header.live;
    const strings = (name: string) => {
      const { length: used } = header.sections.find((s) => s.name === `${name}.bytes`)!;
      return StringColumn.of(header.size, used, get(`${name}.bytes`), get(`${name}.starts`), arrays.get(`${name}.nulls`) as Uint8Array<ArrayBuffer> | undefined);
    };
    store.names = strings('names');
    store.slugs = strings('slugs');
    store.images = strings('images');
    store.nameRank = get('nameRank');
    store.nameOrder = get('nameOrder');
    store.nameRankValid = true;
    const pool = get<Uint32Array<ArrayBuffer>>('postings');
    let at = 0;
    for (const [lexeme, length] of header.lexemes) {
      const posting = new Posting();
      // a view of the one pool: a posting that grows copies itself out
      posting.entries = pool.subarray(at, at + length);
      posting.length = length;
      at += length;
      store.postings.set(lexeme, posting);
    }
    header.makerNames.forEach((name, i) => {
      store.makerNames.push(name);
      store.makerIds.set(name, i);
    });
    for (const [word, count] of header.nameWords) store.nameWords.set(word, count);
    const ids = store.ids;
    for (let slot = 0; slot < store.size; slot += 1) if (store.alive[slot]) store.slotOf.set(ids[slot]!, slot);
    store.prepare();
    return { store, meta: header.meta };
  } finally {
    fs.closeSync(fd);
  }
}
