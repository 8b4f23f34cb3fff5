import { render, screen } from '@testing-library/react';
import { ProductSpecifications } from './ProductSpecifications.js';

describe('the product modal\'s specifications', () => {
  it('labels keys readably and shows dimensions and power once each, first', () => {
    render(<ProductSpecifications specifications={{ typical_downtime: '1 day', power: '220 V', dimensions: '60 × 40 cm' }} />);
    expect(screen.getAllByText(/60 × 40 cm/)).toHaveLength(1);
    expect(screen.getAllByText(/220 V/)).toHaveLength(1);
    expect(screen.getByText('Typical downtime')).toBeTruthy();
    expect(screen.queryByText('typical_downtime')).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['60 × 40 cmDimensions', '220 VPower', '1 dayTypical downtime']);
  });

  it("says 'No specifications listed' when there are none", () => {
    render(<ProductSpecifications specifications={{}} />);
    expect(screen.getByText('No specifications listed')).toBeTruthy();
  });
});
