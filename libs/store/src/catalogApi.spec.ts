/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProductListResponse } from '@dentalmarket/contracts';
import { setApiBaseUrl } from './baseQuery.js';
import { catalogApi, productQueryString } from './catalogApi.js';
import { makeStore } from './store.js';

describe("the catalogue's query strings", () => {
  it('repeats an array parameter per value, so a manufacturer named with a comma stays one name', () => {
    const query = productQueryString({ search: 'scaler', manufacturer: ['Acme, Inc.', 'Borealis'], minPrice: '100', sort: 'price-asc' });
    expect(query).toBe('search=scaler&manufacturer=Acme%2C+Inc.&manufacturer=Borealis&minPrice=100&sort=price-asc');
    expect(new URLSearchParams(query).getAll('manufacturer')).toEqual(['Acme, Inc.', 'Borealis']);
  });

  it('leaves out what is not set: undefined, empty text, false and an empty list', () => {
    expect(productQueryString({ search: '', inStock: false, manufacturer: [], minRating: undefined, productType: 'equipment' })).toBe('productType=equipment');
    expect(productQueryString({ inStock: true, minRating: 4, page: 2 })).toBe('inStock=true&minRating=4&page=2');
  });
});

describe("a listing's pages and the results page's counts", () => {
  // a real HTTP server standing in for GET /api/products: 30 matches, 2 a page; counts only when asked
  let server: http.Server;
  const requested: string[] = [];
  const counts = { total: 30, totalCapped: false, productTypes: [], manufacturers: [], manufacturersMore: false, inStock: { value: true as const, count: 9 }, ratings: [], price: null };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requested.push(req.url ?? '');
      const url = new URL(req.url ?? '', 'http://localhost');
      const page = Number(url.searchParams.get('page'));
      const answer: ProductListResponse = { products: [], total: 30, page, limit: 2, ...(url.searchParams.get('facets') === 'true' ? { facets: counts } : {}) };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    requested.length = 0;
  });

  it("asks for the counts with the first page only, and keeps them on the entry's first page", async () => {
    const store = makeStore(undefined, { persistCart: false });
    const arg = { search: 'scaler', facets: true, limit: 2 };
    const first = await store.dispatch(catalogApi.endpoints.getProductPages.initiate(arg));
    expect(first.data?.pages[0].facets).toEqual(counts);
    const second = await store.dispatch(catalogApi.endpoints.getProductPages.initiate(arg, { direction: 'forward' }));
    expect(requested).toEqual(['/api/products?search=scaler&limit=2&page=1&facets=true', '/api/products?search=scaler&limit=2&page=2']);
    expect(second.data?.pages.map((page) => page.facets)).toEqual([counts, undefined]);
  });

  it('never asks for counts unless told (a type or category listing)', async () => {
    const store = makeStore(undefined, { persistCart: false });
    await store.dispatch(catalogApi.endpoints.getProductPages.initiate({ productType: 'equipment', limit: 2 }));
    await store.dispatch(catalogApi.endpoints.getProductPages.initiate({ productType: 'equipment', limit: 2 }, { direction: 'forward' }));
    expect(requested).toEqual(['/api/products?productType=equipment&limit=2&page=1', '/api/products?productType=equipment&limit=2&page=2']);
  });
});
