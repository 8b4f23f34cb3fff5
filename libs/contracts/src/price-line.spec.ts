import { cardPriceLine } from './price-line.js';

describe('card price line (SPEC §9)', () => {
  it('shows equipment with thousands separators and the installation note', () => {
    expect(cardPriceLine({ product_type: 'equipment', price: '18950.00' })).toEqual({ primary: '$18,950.00', note: '+ Installation (if required)' });
  });

  it('shows a service without a price as Get a Quote, with a price as Fixed price', () => {
    expect(cardPriceLine({ product_type: 'service', price: '0.00' }).primary).toBe('Get a Quote');
    expect(cardPriceLine({ product_type: 'service', price: 'Get a Quote' }).primary).toBe('Get a Quote');
    expect(cardPriceLine({ product_type: 'service', price: '450.00' })).toEqual({ primary: '$450.00', note: 'Fixed price' });
  });

  it('marks affiliates as partner products', () => {
    expect(cardPriceLine({ product_type: 'affiliate', price: '89.90' })).toEqual({ primary: '$89.90', note: 'Partner product' });
  });
});
