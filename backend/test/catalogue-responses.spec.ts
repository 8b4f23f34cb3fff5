import { type CachedResponse, CatalogueResponses, type Claim } from '../src/catalog/catalogue-responses.js';

const response = (json: string): CachedResponse => ({ json, headers: [['x-total-count', '1']] });

function keep(claim: Claim): (response: CachedResponse | undefined) => void {
  if (!('keep' in claim)) throw new Error(`expected to compute, got ${Object.keys(claim).join()}`);
  return claim.keep;
}

describe('CatalogueResponses', () => {
  it('keeps a computed response for its version and URL only', () => {
    const responses = new CatalogueResponses({ catalogueCacheBytes: 1024 * 1024 });
    keep(responses.claim('1', '/api/categories'))(response('[1]'));
    expect(responses.claim('1', '/api/categories')).toEqual({ kept: response('[1]') });
    expect('keep' in responses.claim('1', '/api/categories?productType=service')).toBe(true);
    // a new catalogue version: the old entry is gone, and stays gone if the old version is asked again
    expect('keep' in responses.claim('2', '/api/categories')).toBe(true);
    expect('keep' in responses.claim('1', '/api/categories')).toBe(true);
  });

  it('one computes, the others wait for its response', async () => {
    const responses = new CatalogueResponses({ catalogueCacheBytes: 1024 * 1024 });
    const first = keep(responses.claim('1', '/api/products'));
    const second = responses.claim('1', '/api/products');
    if (!('pending' in second)) throw new Error('expected to wait');
    first(response('{"products":[]}'));
    await expect(second.pending).resolves.toEqual(response('{"products":[]}'));
  });

  it('a failure keeps nothing and releases the waiting', async () => {
    const responses = new CatalogueResponses({ catalogueCacheBytes: 1024 * 1024 });
    const first = keep(responses.claim('1', '/api/products/x'));
    const second = responses.claim('1', '/api/products/x');
    first(undefined);
    if (!('pending' in second)) throw new Error('expected to wait');
    await expect(second.pending).resolves.toBeUndefined();
    expect('keep' in responses.claim('1', '/api/products/x')).toBe(true);
  });

  it('a response computed under a version that has since changed is not kept', () => {
    const responses = new CatalogueResponses({ catalogueCacheBytes: 1024 * 1024 });
    const old = keep(responses.claim('1', '/api/categories'));
    keep(responses.claim('2', '/api/categories'));
    old(response('[]'));
    expect('keep' in responses.claim('1', '/api/categories')).toBe(true);
  });

  it('bounded: least recently used out first, and no entry over an eighth of the budget', () => {
    const responses = new CatalogueResponses({ catalogueCacheBytes: 100_000 });
    // about 10,300 bytes each (two a character): nine fit, the tenth pushes out the least recently used
    for (let n = 1; n <= 9; n += 1) keep(responses.claim('1', `/p${n}`))(response('x'.repeat(5000)));
    expect('kept' in responses.claim('1', '/p1')).toBe(true);
    keep(responses.claim('1', '/p10'))(response('x'.repeat(5000)));
    expect('kept' in responses.claim('1', '/p1')).toBe(true);
    expect('keep' in responses.claim('1', '/p2')).toBe(true);
    expect('kept' in responses.claim('1', '/p10')).toBe(true);
    // over 12,500 bytes: never kept
    keep(responses.claim('1', '/big'))(response('x'.repeat(7000)));
    expect('keep' in responses.claim('1', '/big')).toBe(true);
  });

  it('CATALOGUE_CACHE_MB=0: nothing kept, every request computes', () => {
    const responses = new CatalogueResponses({ catalogueCacheBytes: 0 });
    keep(responses.claim('1', '/api/categories'))(response('[]'));
    expect('keep' in responses.claim('1', '/api/categories')).toBe(true);
    expect('keep' in responses.claim('1', '/api/categories')).toBe(true);
  });
});
