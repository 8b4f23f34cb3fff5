/**
 * The search index's text columns and id lookup without a JS object per product.
 *
 * A StringColumn keeps one column's values (names, slugs, image addresses) as UTF-8 in one growable
 * byte buffer, a slot's value found by its offset: a value costs its bytes and 4 bytes of offset,
 * where a JS string cost a header, its characters and a slot in an array the GC walks at every
 * major collection. Values are decoded only when asked (a suggestion shows ten). Slots are written
 * once, in order (ColumnStore gives each product version the next slot), so a value ends where the
 * next begins. UTF-8 bytes order as code points do: the 'name' order of a C-collated database is
 * the byte order, compared here without decoding.
 *
 * IdSlots maps a product id to its slot: ids are a sequence, so a typed array indexed by id (4 bytes
 * an id up to the largest) rather than a Map entry per product; ids beyond a bound go to a Map.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class StringColumn {
  private bytes = new Uint8Array(1 << 12);
  private used = 0;
  /** starts[slot]: where its bytes begin; starts[slot + 1] where they end */
  private starts = new Uint32Array(1025);
  /** slots written */
  private size = 0;
  /** slots whose value is null (a nullable column only) */
  private nulls: Uint8Array | undefined;

  constructor(nullable = false) {
    if (nullable) this.nulls = new Uint8Array(1024);
  }

  /** Writes the value of the next slot, `slot` (slots are written once, in order). */
  push(slot: number, value: string | null): void {
    if (slot !== this.size) throw new Error(`string column: slot ${slot} written after ${this.size}`);
    const text = value ?? '';
    // UTF-8 takes at most 3 bytes per UTF-16 unit
    const room = this.used + text.length * 3;
    if (room > this.bytes.length) this.bytes = resized(this.bytes, Math.max(room, this.bytes.length * 2));
    this.used += encoder.encodeInto(text, this.bytes.subarray(this.used)).written;
    this.size += 1;
    if (this.size + 1 > this.starts.length) this.starts = resized(this.starts, this.starts.length * 2);
    this.starts[this.size] = this.used;
    if (this.nulls) {
      if (slot >= this.nulls.length) this.nulls = resized(this.nulls, this.nulls.length * 2);
      this.nulls[slot] = value === null ? 1 : 0;
    }
  }

  get(slot: number): string | null {
    if (this.nulls?.[slot]) return null;
    return decoder.decode(this.bytes.subarray(this.starts[slot]!, this.starts[slot + 1]!));
  }

  /** Code-point order of two slots' values (UTF-8 byte order), without decoding them. */
  compare(a: number, b: number): number {
    const bytes = this.bytes;
    let i = this.starts[a]!;
    let j = this.starts[b]!;
    const endA = this.starts[a + 1]!;
    const endB = this.starts[b + 1]!;
    for (; i < endA && j < endB; i += 1, j += 1) {
      const d = bytes[i]! - bytes[j]!;
      if (d !== 0) return d;
    }
    return endA - i - (endB - j);
  }

  /** Lets go of the room kept for growth beyond `room` (after a load: refreshes then add without doubling the column). */
  trim(): void {
    const bytes = this.used + room(this.used) * 4;
    if (this.bytes.length > bytes) this.bytes = this.bytes.slice(0, bytes);
    const slots = this.size + room(this.size);
    if (this.starts.length > slots + 1) this.starts = this.starts.slice(0, slots + 1);
    if (this.nulls && this.nulls.length > slots) this.nulls = this.nulls.slice(0, slots);
  }

  /** What a snapshot keeps (snapshot.ts): the bytes written, the offsets, the nulls. */
  parts(): { bytes: Uint8Array; starts: Uint32Array; nulls: Uint8Array | undefined } {
    return { bytes: this.bytes.subarray(0, this.used), starts: this.starts.subarray(0, this.size + 1), nulls: this.nulls?.subarray(0, this.size) };
  }

  /** A column of `size` slots from a snapshot's parts (arrays that may be longer than the parts: room to grow). */
  static of(size: number, used: number, bytes: Uint8Array<ArrayBuffer>, starts: Uint32Array<ArrayBuffer>, nulls: Uint8Array<ArrayBuffer> | undefined): StringColumn {
    const column = new StringColumn(nulls !== undefined);
    column.bytes = bytes;
    column.used = used;
    column.starts = starts;
    column.size = size;
    column.nulls = nulls;
    return column;
  }

  /** Bytes held (the bench's breakdown). */
  get byteLength(): number {
    return this.bytes.byteLength + this.starts.byteLength + (this.nulls?.byteLength ?? 0);
  }
}

/** The room for growth kept after a load or a snapshot's read, for `n` held: 1/64th, at least 1,024. */
export const room = (n: number) => Math.max(1024, n >> 6);

/** Ids up to this are kept in the typed array (1 GB of ids would be 4 GB: the rest go to a Map). */
const DENSE_IDS = 1 << 26;

export class IdSlots {
  private dense = new Int32Array(1024).fill(-1);
  private readonly sparse = new Map<number, number>();

  get(id: number): number | undefined {
    if (id >= 0 && id < this.dense.length) {
      const slot = this.dense[id]!;
      return slot < 0 ? undefined : slot;
    }
    return this.sparse.get(id);
  }

  set(id: number, slot: number): void {
    if (id < 0 || id >= DENSE_IDS) {
      this.sparse.set(id, slot);
      return;
    }
    if (id >= this.dense.length) {
      const next = new Int32Array(Math.min(DENSE_IDS, Math.max(id + 1, this.dense.length * 2))).fill(-1);
      next.set(this.dense);
      this.dense = next;
    }
    this.dense[id] = slot;
  }

  delete(id: number): void {
    if (id >= 0 && id < this.dense.length) this.dense[id] = -1;
    else this.sparse.delete(id);
  }

  get byteLength(): number {
    return this.dense.byteLength;
  }
}

function resized<T extends Uint8Array | Uint32Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array.length <= length ? array : (array.subarray(0, length) as T));
  return next;
}
