import { productQueryString } from './catalogApi.js';

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
