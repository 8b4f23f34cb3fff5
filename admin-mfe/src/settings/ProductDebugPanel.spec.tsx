import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ProductDebugPanel } from './ProductDebugPanel.js';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('SPEC §2 product debug panel', () => {
  it('shows the data as JSON with a count while the flag is on', () => {
    localStorage.setItem('showProductDebugPanel', 'true');
    render(<ProductDebugPanel title="Products" data={[{ id: 1, name: 'Chair' }, { id: 2 }]} />);
    expect(screen.getByText('Product Debug Panel: Products')).toBeTruthy();
    expect(screen.getByText('2 items')).toBeTruthy();
    expect(screen.getByText(/"name": "Chair"/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse debug panel' }));
    expect(screen.getByRole('button', { name: 'Expand debug panel' })).toBeTruthy();
  });

  it('appears and disappears with the flag within the 3 s poll', () => {
    render(<ProductDebugPanel data={{ id: 7 }} />);
    expect(screen.queryByText('Product Debug Panel')).toBeNull();

    localStorage.setItem('showProductDebugPanel', 'true'); // no event: only the poll sees it
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.queryByText('Product Debug Panel')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('Product Debug Panel')).toBeTruthy();
    expect(screen.queryByText(/items?$/)).toBeNull(); // no count for a single object

    localStorage.setItem('showProductDebugPanel', 'false');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByText('Product Debug Panel')).toBeNull();
  });
});
