import { activeFilterCount, listQuery, readSearchState, sortOptions, withoutFilters, writeSearchState, type SearchState } from './searchState.js';

const full: SearchState = {
  search: 'piezo scaler',
  type: 'equipment',
  minPrice: '100',
  maxPrice: '2499.99',
  manufacturers: ['Acme, Inc.', 'Borealis & Sons'],
  minRating: 4,
  inStock: true,
  sort: 'price-desc',
};

describe("the results page's state in the address bar", () => {
  it('survives a round trip through the URL exactly, and keeps the parameters it does not own', () => {
    const params = writeSearchState(full, new URLSearchParams('product=meridian-chair&sort=name'));
    const url = `/marketplace?${params}`;
    const back = new URLSearchParams(new URL(url, 'http://shop.example').search);
    expect(readSearchState(back)).toEqual(full);
    expect(back.get('product')).toBe('meridian-chair');
    expect(back.getAll('manufacturer')).toEqual(['Acme, Inc.', 'Borealis & Sons']);
  });

  it('leaves the default order out of the URL: Best match with a search, the name without', () => {
    expect(writeSearchState({ ...withoutFilters(full), sort: 'relevance' }).toString()).toBe('search=piezo+scaler');
    expect(writeSearchState({ ...withoutFilters(full), search: '', sort: 'name' }).toString()).toBe('');
    expect(writeSearchState({ ...withoutFilters(full), sort: 'name' }).toString()).toBe('search=piezo+scaler&sort=name');
  });

  it('ignores values the page would not offer', () => {
    const state = readSearchState(new URLSearchParams('search=x&type=gadget&minPrice=-5&maxPrice=abc&minRating=7&inStock=yes&sort=cheapest'));
    expect(state).toEqual({ search: 'x', type: null, minPrice: null, maxPrice: null, manufacturers: [], minRating: null, inStock: false, sort: null });
    expect(readSearchState(new URLSearchParams('sort=relevance')).sort).toBeNull(); // 'Best match' needs a search
  });

  it("offers 'Best match' only with a search", () => {
    expect(sortOptions('scaler')[0]).toBe('relevance');
    expect(sortOptions('')).not.toContain('relevance');
  });

  it("asks the API for the state's filters, the manufacturers as a list", () => {
    expect(listQuery(full)).toEqual({ search: 'piezo scaler', productType: 'equipment', minPrice: '100', maxPrice: '2499.99', manufacturer: ['Acme, Inc.', 'Borealis & Sons'], minRating: 4, inStock: true, sort: 'price-desc' });
    expect(listQuery({ ...withoutFilters(full), sort: 'relevance' })).toEqual({ search: 'piezo scaler' });
  });

  it('counts the filters in use; Clear filters keeps the search and the order', () => {
    expect(activeFilterCount(full)).toBe(6);
    const cleared = withoutFilters(full);
    expect(activeFilterCount(cleared)).toBe(0);
    expect([cleared.search, cleared.sort]).toEqual(['piezo scaler', 'price-desc']);
  });
});
