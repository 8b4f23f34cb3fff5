import { render, screen } from '@testing-library/react';
import { ProductImage } from './ProductImage.js';

describe('ProductImage', () => {
  it("gives a listing's first images the browser's first place (issue 20: the page's largest paint) and every image its shape", () => {
    render(
      <>
        <ProductImage src="/media/seed/a.png" alt="First" priority />
        <ProductImage src="/media/seed/b.png" alt="Later" loading="lazy" />
      </>,
    );
    const first = screen.getByRole('img', { name: 'First' });
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).toBe('eager');
    const later = screen.getByRole('img', { name: 'Later' });
    expect(later.getAttribute('fetchpriority')).toBeNull();
    expect(later.getAttribute('loading')).toBe('lazy');
    for (const image of [first, later]) expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['400', '300']);
  });
});
