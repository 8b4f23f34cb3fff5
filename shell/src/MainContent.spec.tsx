import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { MainContent, SkipLink } from './MainContent.js';
import { pageTitle } from './pageTitle.js';

describe('page titles (issue 16: every route had "DentalMarket")', () => {
  it.each([
    ['/', '', 'Home | DentalMarket'],
    ['/marketplace', '', 'Partner Products – Marketplace | DentalMarket'],
    ['/marketplace', '?type=equipment&category=x', 'IT Equipment – Marketplace | DentalMarket'],
    ['/marketplace', '?type=service', 'IT Services – Marketplace | DentalMarket'],
    // the shop-wide search, titled as the server titles it (issue 32: the server said 'Partner Products')
    ['/marketplace', '?search=curing%20light&type=service', 'Results for "curing light" – Marketplace | DentalMarket'],
    ['/checkout', '', 'Checkout | DentalMarket'],
    ['/auth', '', 'Sign in | DentalMarket'],
    ['/admin', '', 'Admin Dashboard | DentalMarket'],
    ['/no-such-page', '', 'Page Not Found | DentalMarket'],
    // a product's canonical page keeps the product's name the server wrote (issue 20)
    ['/products/lumina-curing-light', '', undefined],
    ['/products/a/b', '', 'Page Not Found | DentalMarket'],
  ])('%s%s → %s', (path, search, title) => {
    expect(pageTitle(path, search)).toBe(title);
  });
});

describe('focus and the skip link', () => {
  function renderLayout() {
    render(
      <MemoryRouter initialEntries={['/auth']}>
        <SkipLink />
        <Link to="/">Home</Link>
        <MainContent>
          <Routes>
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="/auth" element={<h1>Sign in page</h1>} />
          </Routes>
        </MainContent>
      </MemoryRouter>,
    );
  }

  it("offers 'Skip to main content', pointing at <main>", () => {
    renderLayout();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.querySelector(skip.getAttribute('href')!)).toBe(screen.getByRole('main'));
  });

  it('leaves focus alone on the first page and moves it to <main> after a route change', () => {
    renderLayout();
    expect(document.activeElement).toBe(document.body);
    const home = screen.getByRole('link', { name: 'Home' });
    home.focus();
    fireEvent.click(home);
    expect(screen.getByText('Home page')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
