/**
 * The search index in a thread of its own (search-index.worker.ts), and the API's side of it: a
 * SearchIndexThread starts the worker and sends it messages; a RemoteSearchIndex is one index held
 * there, with the asynchronous twins of the SearchIndex methods the API uses.
 *
 * Why a thread: a search's pass over its matches (and its facets) is a third of the CPU a results
 * page costs; in the API's event loop it made every other request wait behind it, and used one of
 * the machine's cores. Messages are the search's parameters and the page's ids and counts (a few
 * hundred bytes); the products' rows cross once, when the index is loaded or refreshed.
 */
import { fileURLToPath } from 'node:url';
import { WorkerCalls } from '../../common/worker-calls.js';
import type { IndexedCategory, IndexedProduct, IndexResult, IndexSearch, NameCompare, SnapshotMeta } from './search-index.js';
import { codePointCompare } from './search-index.js';

/** A suggestion's product as the index holds it (SearchIndex.suggestionsOf). */
export type IndexSuggestion = ReturnType<import('./search-index.js').SearchIndex['suggestionsOf']>[number];

/** What the API asks of one index in the thread. */
export type IndexMessage =
  | { op: 'create'; collation: string }
  /** the index kept in a file (snapshot.ts): its meta, or null when there is none to read */
  | { op: 'restore'; file: string; collation: string }
  | { op: 'save'; file: string; meta: SnapshotMeta }
  | { op: 'drop' }
  | {
      op: 'apply';
      categories?: { categories: IndexedCategory[]; subcategories: { id: number; slug: string }[] };
      removed: number[];
      products: IndexedProduct[];
      /** build the name order and the lexicon now, not in the next search */
      prepare: boolean;
    }
  | { op: 'search'; request: IndexSearch }
  | { op: 'correction'; term: string }
  | { op: 'suggestions'; request: IndexSearch; q: string; categories: number };

export type IndexRequest = { id: number; handle: number } & IndexMessage;

/** What the worker answers: the value, and the index's size after the message (kept beside the handle). */
export type IndexReply = { id: number } & ({ ok: true; value: unknown; count: number; deadShare: number } | { ok: false; message: string });

/** Names ordered as the database orders text: code points under C/POSIX collations, else the locale's collator. */
export function nameCompare(collation: string): NameCompare {
  if (/^(C|POSIX)(\.|$)/i.test(collation)) return codePointCompare;
  const locale = collation.split('.')[0]!.replace('_', '-');
  try {
    return new Intl.Collator(locale).compare;
  } catch {
    return new Intl.Collator('en').compare;
  }
}

/**
 * The worker's compiled file. Under Jest the sources run through SWC, which a worker thread cannot
 * use: it runs the build's copy (`npm test` and `test:backend` build first).
 */
function workerFile(): URL {
  const own = import.meta.url;
  return own.endsWith('.ts') ? new URL('../../../dist/catalog/search/search-index.worker.js', own) : new URL('./search-index.worker.js', own);
}

/**
 * The thread's young generation, in MB. Loading churns through the rows (a million products are a
 * gigabyte of text passing through), and V8 grows an isolate's young generation under such churn
 * to 128 MB and keeps it, empty, once the load is done: measured, that and the old generation's
 * garbage were most of the index's RSS (bench/search-memory.mjs). 16 MB: the same load, a few
 * more scavenges, an RSS that follows what the index holds.
 */
const YOUNG_GENERATION_MB = 16;

/** One worker thread and the calls waiting for its answers (answered in the order sent). */
export class SearchIndexThread {
  private readonly calls: WorkerCalls<IndexReply>;
  private nextHandle = 1;

  /** `onEnd`: the thread stopped (an uncaught error, or terminate): every call waiting was rejected. */
  constructor(onEnd: (error: Error) => void) {
    this.calls = new WorkerCalls<IndexReply>(fileURLToPath(workerFile()), 'search index', { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }, onEnd);
  }

  call(message: { handle: number } & IndexMessage): Promise<Extract<IndexReply, { ok: true }>> {
    return this.calls.call(message);
  }

  /** A new, empty index in the thread for a database of this collation. */
  async create(collation: string): Promise<RemoteSearchIndex> {
    const handle = this.nextHandle++;
    await this.call({ op: 'create', handle, collation });
    return new RemoteSearchIndex(this, handle);
  }

  /** The index kept in `file`, read into the thread, and what it says of itself; undefined when there is none of this format. */
  async restore(file: string, collation: string): Promise<{ index: RemoteSearchIndex; meta: SnapshotMeta } | undefined> {
    const handle = this.nextHandle++;
    const reply = await this.call({ op: 'restore', handle, file, collation });
    if (!reply.value) return undefined;
    const index = new RemoteSearchIndex(this, handle);
    index.count = reply.count;
    index.deadShare = reply.deadShare;
    return { index, meta: reply.value as SnapshotMeta };
  }

  terminate(): Promise<void> {
    return this.calls.terminate();
  }
}

/** One SearchIndex held by the thread. */
export class RemoteSearchIndex {
  /** products held (live), as of the last message */
  count = 0;
  /** share of dead slots, as of the last message (above a third, a reload compacts) */
  deadShare = 0;

  constructor(
    private readonly thread: SearchIndexThread,
    readonly handle: number,
  ) {}

  private async call<T>(message: IndexMessage): Promise<T> {
    const reply = await this.thread.call({ ...message, handle: this.handle });
    this.count = reply.count;
    this.deadShare = reply.deadShare;
    return reply.value as T;
  }

  /** Categories (when given), removals, then products added or replaced, as one step no search sees half done. */
  apply(change: { categories?: Extract<IndexMessage, { op: 'apply' }>['categories']; removed?: number[]; products?: IndexedProduct[]; prepare?: boolean }): Promise<void> {
    return this.call({ op: 'apply', categories: change.categories, removed: change.removed ?? [], products: change.products ?? [], prepare: change.prepare ?? false });
  }

  /** Keeps the index, as of the messages sent before this one, in `file` for the next start. */
  save(file: string, meta: SnapshotMeta): Promise<void> {
    return this.call({ op: 'save', file, meta });
  }

  drop(): Promise<void> {
    return this.call({ op: 'drop' });
  }

  search(request: IndexSearch): Promise<IndexResult> {
    return this.call({ op: 'search', request });
  }

  correction(term: string): Promise<string | undefined> {
    return this.call({ op: 'correction', term });
  }

  /** The first page of `request` as suggestions, and up to `categories` categories whose name holds `q`: one message. */
  suggestions(request: IndexSearch, q: string, categories: number): Promise<{ products: IndexSuggestion[]; categories: IndexedCategory[] }> {
    return this.call({ op: 'suggestions', request, q, categories });
  }
}
