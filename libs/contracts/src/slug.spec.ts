import { slugify, slugifyAdmin, slugifyAi } from './slug.js';

describe('slug rules (SPEC §5)', () => {
  it('AI rule keeps hyphens and word characters, collapses whitespace and repeated hyphens', () => {
    expect(slugifyAi('Ultra-Sonic Scaler  Pro (X2)!')).toBe('ultra-sonic-scaler-pro-x2');
    expect(slugifyAi('A -- B')).toBe('a-b');
    expect(slugifyAi('snake_case stays')).toBe('snake_case-stays');
  });

  it('admin rule removes punctuation including hyphens', () => {
    expect(slugifyAdmin('Ultra-Sonic Scaler Pro!')).toBe('ultrasonic-scaler-pro');
    expect(slugifyAdmin('Chair   Model 5')).toBe('chair-model-5');
  });

  it('server slug trims hyphens at the ends', () => {
    expect(slugify('  Dental Chair!  ')).toBe('dental-chair');
    expect(slugify('-x-')).toBe('x');
  });
});
