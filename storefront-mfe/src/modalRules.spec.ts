import { featureList, modalPriceLine, specLabel, specRows } from './modalRules.js';

describe('SPEC §9 price in the product modal', () => {
  it.each([
    [{ product_type: 'equipment', price: '18950.00' }, { primary: '$18,950.00', note: '+ Installation (if required)' }],
    [{ product_type: 'service', price: '0.00' }, { primary: 'Get a Quote', note: 'Custom Quote Required' }],
    [{ product_type: 'service', price: '1250.00' }, { primary: '$1,250.00', note: 'Fixed price' }],
    [{ product_type: 'affiliate', price: '49.90' }, { primary: '$49.90', note: 'Sourced from partner' }],
  ] as const)('%j', (product, line) => {
    expect(modalPriceLine(product)).toEqual(line);
  });
});

describe('SPEC §2 features as a list, a text or an object', () => {
  it('reads every form', () => {
    expect(featureList(['Quiet', ' LED '])).toEqual(['Quiet', 'LED']);
    expect(featureList('["Quiet","LED"]')).toEqual(['Quiet', 'LED']);
    expect(featureList('Quiet\nLED')).toEqual(['Quiet', 'LED']);
    expect(featureList({ a: 'Quiet', b: 'LED' })).toEqual(['Quiet', 'LED']);
    expect(featureList(null)).toEqual([]);
    expect(featureList([])).toEqual([]);
  });

  it('throws for what cannot be shown (the modal says Error displaying features)', () => {
    expect(() => featureList({ a: { nested: true } })).toThrow();
    expect(() => featureList(42)).toThrow();
  });
});

describe('specifications', () => {
  it('puts dimensions and power first and keeps every other value', () => {
    expect(specRows({ Weight: '12 kg', power: '220 V', Dimensions: '60 × 40 cm', typical_downtime: '1 day' })).toEqual([
      { label: 'Dimensions', value: '60 × 40 cm', highlighted: true },
      { label: 'Power', value: '220 V', highlighted: true },
      { label: 'Weight', value: '12 kg', highlighted: false },
      { label: 'Typical downtime', value: '1 day', highlighted: false },
    ]);
  });

  it.each([
    ['typical_downtime', 'Typical downtime'],
    ['patient_capacity', 'Patient capacity'],
    ['maxLoad', 'Max load'],
    ['height-range', 'Height range'],
    ['cpd', 'CPD'],
    ['weight', 'Weight'],
    ['Chair Width', 'Chair Width'],
    ['max_power_W', 'Max power W'],
    ['iso_class', 'ISO class'],
  ])('labels the key %j as %j', (key, label) => {
    expect(specLabel(key)).toBe(label);
  });
});
