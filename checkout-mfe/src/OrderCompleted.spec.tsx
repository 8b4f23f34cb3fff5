import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { OrderCompleted } from './OrderCompleted.js';

describe('the completed order', () => {
  it("moves focus to the 'Order Completed!' heading, not <body>", () => {
    render(
      <MemoryRouter>
        <OrderCompleted />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Order Completed!' }));
  });
});
