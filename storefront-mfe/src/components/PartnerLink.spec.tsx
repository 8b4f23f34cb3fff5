import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Product } from '@dentalmarket/contracts';
import { catalogApi, makeStore } from '@dentalmarket/store';
import { ProductCard } from './ProductCard.js';
import { ProductDetailModal } from './ProductDetailModal.js';

const scaler: Product = {
  id: 42,
  name: 'Ultrasonic Scaler',
  description: 'A partner scaler',
  price: '0.00',
  image_url: null,
  image_data: null,
  image_type: null,
  category_id: 1,
  subcategory_id: null,
  manufacturer: 'Partner One',
  specifications: {},
  product_type: 'affiliate',
  external_link: null,
  affiliate_link: 'partner.example/scaler?ref=dm',
  service_details: null,
  features: [],
  is_featured: false,
  is_new: false,
  rating: null,
  reviews_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  slug: 'ultrasonic-scaler',
  in_stock: true,
  delivery_time: null,
  warranty: null,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const sendBeacon = jest.fn((_url: string, _body?: BodyInit | null) => true);

function renderCard() {
  render(
    <Provider store={makeStore(undefined, { persistCart: false })}>
      <ProductCard product={scaler} />
    </Provider>,
  );
  return screen.getByRole('link', { name: 'View Product' });
}

async function renderModal() {
  const store = makeStore(undefined, { persistCart: false });
  await store.dispatch(catalogApi.util.upsertQueryData('getProduct', scaler.slug, scaler));
  render(
    <Provider store={store}>
      <ProductDetailModal slug={scaler.slug} onClose={() => undefined} />
    </Provider>,
  );
  return screen.findByRole('link', { name: 'View Product' });
}

/** The one beacon sent: its URL and its parsed body. */
function theBeacon() {
  expect(sendBeacon).toHaveBeenCalledTimes(1);
  const [url, body] = sendBeacon.mock.calls[0]!;
  return { url, body: JSON.parse(String(body)) as { productId: number; clickId: string; from: string } };
}

beforeEach(() => {
  sendBeacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  window.history.replaceState(null, '', '/marketplace?type=affiliate&category=scalers');
});

describe.each([
  ['the product card', renderCard, 'noopener noreferrer sponsored'],
  ['the product detail modal', renderModal, 'noopener noreferrer'],
])("the partner 'View Product' link of %s", (_where, renderLink, rel) => {
  it('keeps its href (https:// prefixed), new tab and rel, and has a ping to the click endpoint', async () => {
    const link = await renderLink();
    expect(link.getAttribute('href')).toBe('https://partner.example/scaler?ref=dm');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe(rel);
    expect(link.getAttribute('ping')).toBe('/api/partner-clicks?productId=42');
  });

  it("sends a beacon with the product, a click id and the shop page on click, the ping carries the same click, and the navigation is not held back", async () => {
    const link = await renderLink();
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(true);
    const { url, body } = theBeacon();
    expect(url).toBe('/api/partner-clicks');
    expect(body).toEqual({ productId: 42, clickId: expect.stringMatching(UUID), from: '/marketplace?type=affiliate&category=scalers' });
    const ping = new URL(link.getAttribute('ping')!, 'http://shop.example');
    expect(ping.pathname).toBe('/api/partner-clicks');
    expect(Object.fromEntries(ping.searchParams)).toEqual({ productId: '42', clickId: body.clickId, from: '/marketplace?type=affiliate&category=scalers' });
    // the href, target and rel are what they were
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://partner.example/scaler?ref=dm', '_blank', rel]);
  });
});

describe('partner click reports', () => {
  it('reports a middle click (a new tab) too, and a second click with a new click id', async () => {
    const link = renderCard();
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    const first = theBeacon().body.clickId;
    sendBeacon.mockClear();
    fireEvent.click(link);
    const second = theBeacon().body.clickId;
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('sends nothing on a right click', () => {
    const link = renderCard();
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
