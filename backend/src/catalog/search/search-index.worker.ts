/**
 * The search index's thread (search-index.thread.ts starts it). It holds the SearchIndex objects
 * (the one that serves, and while a load or compaction runs, the one being built) and answers one
 * message at a time: the API's event loop never waits for a pass over the matches, and the
 * searches run on the second core beside the requests' own work.
 */
import { parentPort } from 'node:worker_threads';
import { type IndexReply, type IndexRequest, nameCompare } from './search-index.thread.js';
import { SearchIndex } from './search-index.js';

const indexes = new Map<number, SearchIndex>();
/** the newest index made: a search sent for one dropped since (a compaction took over) reads this */
let latest: number | undefined;

function indexFor(handle: number): SearchIndex {
  const index = indexes.get(handle) ?? (latest === undefined ? undefined : indexes.get(latest));
  if (!index) throw new Error(`no search index ${handle}`);
  return index;
}

function handle(message: IndexRequest): unknown {
  switch (message.op) {
    case 'create':
      indexes.set(message.handle, new SearchIndex(nameCompare(message.collation)));
      latest = message.handle;
      return undefined;
    case 'restore': {
      const read = SearchIndex.read(message.file, nameCompare(message.collation));
      if (!read) return null;
      indexes.set(message.handle, read.index);
      latest = message.handle;
      return read.meta;
    }
    case 'save':
      indexFor(message.handle).save(message.file, message.meta);
      return undefined;
    case 'drop':
      indexes.delete(message.handle);
      return undefined;
    case 'apply': {
      // one message, so no search sees a refresh half applied
      const index = indexFor(message.handle);
      if (message.categories) index.setCategories(message.categories.categories, message.categories.subcategories);
      // deletions first: a row in `products` exists in the snapshot whatever was deleted before
      for (const id of message.removed) index.remove(id);
      index.upsert(message.products);
      if (message.prepare) index.prepare();
      return undefined;
    }
    case 'search':
      return indexFor(message.handle).search(message.request);
    case 'correction':
      return indexFor(message.handle).correction(message.term);
    case 'suggestions': {
      const index = indexFor(message.handle);
      const { ids } = index.search(message.request);
      return { products: index.suggestionsOf(ids), categories: index.categoriesMatching(message.q, message.categories) };
    }
  }
}

parentPort!.on('message', (message: IndexRequest) => {
  let reply: IndexReply;
  try {
    const value = handle(message);
    const index = indexes.get(message.handle);
    reply = { id: message.id, ok: true, value, count: index?.count ?? 0, deadShare: index?.deadShare ?? 0 };
  } catch (error) {
    reply = { id: message.id, ok: false, message: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
