import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { useProductParam } from './useProductParam.js';

/** The hook's two callers in small, plus the browser's Back button and the address bar. */
function Harness() {
  const { slug, open, close } = useProductParam();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="modal">{slug ? `open: ${slug}` : 'closed'}</p>
      <p data-testid="url">{`${location.pathname}${location.search}`}</p>
      <button onClick={() => open('meridian-chair')}>Open</button>
      <button onClick={() => open('curing-light')}>Open another</button>
      <button onClick={close}>Close</button>
      <button
        onClick={() => {
          close();
          close(); // Escape and the auto-close after an add may both fire
        }}
      >
        Close twice
      </button>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}

const at = (...entries: string[]) => render(<MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}><Harness /></MemoryRouter>);
const url = () => screen.getByTestId('url').textContent;
const modal = () => screen.getByTestId('modal').textContent;
const click = (name: string) => act(async () => {
  fireEvent.click(screen.getByRole('button', { name }));
});

describe('the product modal in the history', () => {
  it('opening adds one entry and closing adds none: Back after a close leaves the listing', async () => {
    at('/', '/marketplace?type=equipment');
    await click('Open');
    expect(url()).toBe('/marketplace?type=equipment&product=meridian-chair');
    await click('Close');
    expect(modal()).toBe('closed');
    expect(url()).toBe('/marketplace?type=equipment');
    await click('Back');
    expect(url()).toBe('/');
  });

  it('Back closes an open modal', async () => {
    at('/', '/marketplace');
    await click('Open');
    expect(modal()).toBe('open: meridian-chair');
    await click('Back');
    expect(modal()).toBe('closed');
    expect(url()).toBe('/marketplace');
  });

  it('closing twice steps back once', async () => {
    at('/', '/marketplace');
    await click('Open');
    await click('Close twice');
    expect(url()).toBe('/marketplace');
    await click('Back');
    expect(url()).toBe('/');
  });

  it('a product opened from a shared link closes in place, and Back goes where the visitor came from', async () => {
    at('/checkout', '/marketplace?product=meridian-chair');
    await click('Open another');
    expect(url()).toBe('/marketplace?product=curing-light');
    await click('Close');
    expect(modal()).toBe('closed');
    expect(url()).toBe('/marketplace');
    await click('Back');
    expect(url()).toBe('/checkout');
  });
});
