/**
 * The search index's memory primitives, all typed arrays: a posting list (slots and weight codes,
 * growing at its end), growable columns, and the per-search scratch buffers (slot lists and
 * per-slot bytes) that one search takes and the next reuses.
 */

/** Bits of a posting entry that hold the weight code (0-4); the slot is the rest: slots up to 2^29. */
export const WEIGHT_BITS = 3;
export const WEIGHT_MASK = 7;

/**
 * A growable list of (slot, weight code) pairs, slots ascending, each pair one 32-bit entry
 * (`slot << 3 | weight`): 4 bytes a pair where a slot and a weight in two arrays took 5, and one
 * typed array a lexeme instead of two. `trim` lets go of the room kept for growth.
 */
export class Posting {
  entries = new Uint32Array(4);
  length = 0;
  add(slot: number, weight: number): void {
    if (this.length === this.entries.length) {
      const entries = new Uint32Array(this.length * 2);
      entries.set(this.entries);
      this.entries = entries;
    }
    this.entries[this.length] = (slot << WEIGHT_BITS) | weight;
    this.length += 1;
  }
  trim(): void {
    if (this.entries.length > this.length) this.entries = this.entries.slice(0, this.length);
  }
}

/** Growable typed column. */
export function grow<T extends Int32Array | Float64Array | Uint8Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/**
 * Buffers of one search, reused by the next (evaluation is synchronous, one search at a time): what
 * a search took comes back at releaseAll, made ready by `recycle`; all are dropped when the
 * catalogue outgrows them.
 */
abstract class Scratch<Free, Taken> {
  protected readonly free: Free[] = [];
  protected readonly used: Taken[] = [];
  constructor(protected size: number) {}
  releaseAll(size: number): void {
    if (size > this.size) {
      this.size = size;
      this.free.length = 0;
      this.used.length = 0;
      return;
    }
    for (const taken of this.used) this.free.push(this.recycle(taken));
    this.used.length = 0;
  }
  protected abstract recycle(taken: Taken): Free;
}

/** Slot lists, read only up to the count their producer wrote, so handed back as they are. */
export class SlotLists extends Scratch<Int32Array, Int32Array> {
  /**
   * A list of the current size, as the last search left it (zeroing a catalogue-sized Int32Array
   * per take cost more than the matching itself: about a tenth of the API's CPU under varied searches)
   */
  take(): Int32Array {
    const buffer = this.free.pop() ?? new Int32Array(this.size);
    this.used.push(buffer);
    return buffer;
  }
  protected recycle(buffer: Int32Array): Int32Array {
    return buffer;
  }
}

/**
 * Per-slot bytes of one search (a term's weights, a match set's membership), handed out zeroed.
 * A buffer's producer says where it wrote (`wrote`: the slot lists of its matches), so the next
 * search gets it back zeroed by clearing only those slots (work in proportion to the matches, not
 * a memset of the catalogue per buffer); a buffer nobody accounted for is cleared whole.
 */
export class DenseScratch extends Scratch<Uint8Array, { buffer: Uint8Array; writes: [ArrayLike<number>, number][] }> {
  take(): Uint8Array {
    const buffer = this.free.pop() ?? new Uint8Array(this.size);
    this.used.push({ buffer, writes: [] });
    return buffer;
  }
  /** `buffer` was written at `slots[0..n)` and nowhere else (those lists must stay as they are until releaseAll). */
  wrote(buffer: Uint8Array, slots: ArrayLike<number>, n: number): void {
    for (let i = this.used.length - 1; i >= 0; i -= 1) {
      if (this.used[i]!.buffer === buffer) {
        this.used[i]!.writes.push([slots, n]);
        return;
      }
    }
  }
  protected recycle({ buffer, writes }: { buffer: Uint8Array; writes: [ArrayLike<number>, number][] }): Uint8Array {
    const written = writes.reduce((sum, [, n]) => sum + n, 0);
    if (writes.length === 0 || written > buffer.length >> 2) buffer.fill(0);
    else for (const [slots, n] of writes) for (let i = 0; i < n; i += 1) buffer[slots[i]!] = 0;
    return buffer;
  }
}
