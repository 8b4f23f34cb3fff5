import fc from 'fast-check';
import { CART_MAX_QUANTITY, CART_STORAGE_KEY, CHECKOUT, percentOf, type CartProductInput } from '@dentalmarket/contracts';
import { makeStore } from './store.js';
import { cartActions, selectCartCount, selectCartItems, selectCartSubtotalCents } from './cartSlice.js';

// A model of the cart rules (SPEC §4) with money in BigInt, driven by random add / update /
// remove sequences through the real store, and checked against the store after every sequence
// and again after a reload from localStorage.

const FIXED_SEED = 20261124;

/** Exact cents of decimal text: digits to thousandths, half up on the third decimal. */
function exactCents(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  const thousandths = BigInt(whole || '0') * 1000n + BigInt((fraction + '000').slice(0, 3));
  return (thousandths + 5n) / 10n;
}

function exactDecimal(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** percent % of cents (cents ≥ 0), half up to a whole cent. */
function exactPercent(cents: bigint, percent: bigint): bigint {
  return (cents * percent + 50n) / 100n;
}

type PriceInput = CartProductInput['price'];

/** Decimal text with 0-2 decimals up to 99,999,999.99 (numeric(10,2)). */
const priceText = fc
  .tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 99 }))
  .map(([whole, decimals, fraction]) => (decimals === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').slice(0, decimals)}`));

/** A price as the cart may receive it, with its exact cents. */
const price: fc.Arbitrary<{ input: PriceInput; exact: bigint }> = fc.oneof(
  { weight: 4, arbitrary: priceText.map((text) => ({ input: text as PriceInput, exact: exactCents(text) })) },
  { weight: 4, arbitrary: priceText.map((text) => ({ input: Number(text) as PriceInput, exact: exactCents(text) })) },
  { weight: 1, arbitrary: fc.constantFrom<PriceInput>('Get a Quote', '', null, undefined).map((input) => ({ input, exact: 0n })) },
);

/**
 * A requested quantity and what the rules make of it: a whole number (possibly 0 or less) or
 * null when refused. Fractions are exact quarters, so the expected rounding (nearest, .5 up) is
 * written down without floating point.
 */
type Requested = { value: unknown; whole: number | null };
const requested: fc.Arbitrary<Requested> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: CART_MAX_QUANTITY }).map((n) => ({ value: n, whole: n })) },
  { weight: 1, arbitrary: fc.integer({ min: CART_MAX_QUANTITY + 1, max: 10_000_000 }).map((n) => ({ value: n, whole: n })) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 3 })).map(([n, quarters]) => ({ value: n + quarters / 4, whole: n + (quarters >= 2 ? 1 : 0) })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 3 })).map(([n, quarters]) => ({ value: -(n + quarters / 4), whole: 0 })),
  },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '3', null, {}).map((value) => ({ value, whole: null })) },
);

type Op =
  | { kind: 'add'; id: number; price: { input: PriceInput; exact: bigint }; quantity: Requested | undefined }
  | { kind: 'update'; id: number; quantity: Requested }
  | { kind: 'remove'; id: number };

const id = fc.integer({ min: 1, max: 6 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), id, price, quantity: fc.option(requested, { nil: undefined }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('update' as const), id, quantity: requested }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), id }) },
);

interface ModelLine {
  id: number;
  exact: bigint;
  quantity: number;
}

function runModel(ops: Op[]): ModelLine[] {
  let lines: ModelLine[] = [];
  for (const o of ops) {
    if (o.kind === 'add') {
      const whole = o.quantity === undefined ? 1 : o.quantity.whole;
      if (whole === null || whole <= 0) continue;
      const line = lines.find((l) => l.id === o.id);
      if (line) line.quantity = Math.min(line.quantity + whole, CART_MAX_QUANTITY);
      else lines.push({ id: o.id, exact: o.price.exact, quantity: Math.min(whole, CART_MAX_QUANTITY) });
    } else if (o.kind === 'update') {
      if (o.quantity.whole === null) continue;
      if (o.quantity.whole <= 0) lines = lines.filter((l) => l.id !== o.id);
      else {
        const line = lines.find((l) => l.id === o.id);
        if (line) line.quantity = Math.min(o.quantity.whole, CART_MAX_QUANTITY);
      }
    } else {
      lines = lines.filter((l) => l.id !== o.id);
    }
  }
  return lines;
}

function dispatchAll(store: ReturnType<typeof makeStore>, ops: Op[]): void {
  for (const o of ops) {
    if (o.kind === 'add') {
      const product: CartProductInput = { id: o.id, name: `Product ${o.id}`, manufacturer: 'M', price: o.price.input, image_url: null };
      const payload = o.quantity === undefined ? { product } : { product, quantity: o.quantity.value as number };
      store.dispatch(cartActions.addToCart(payload));
    } else if (o.kind === 'update') {
      store.dispatch(cartActions.updateQuantity({ id: o.id, quantity: o.quantity.value as number }));
    } else {
      store.dispatch(cartActions.removeFromCart(o.id));
    }
  }
}

describe('cart quantities and money through the store (property)', () => {
  it('matches a BigInt model: whole quantities, normalised prices, exact subtotal, 8% tax and total, and a lossless reload', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        localStorage.clear();
        const store = makeStore();
        dispatchAll(store, ops);
        const model = runModel(ops);

        const items = selectCartItems(store.getState());
        expect(items.map((i) => [i.id, i.price, i.quantity])).toEqual(model.map((l) => [l.id, exactDecimal(l.exact), l.quantity]));
        for (const item of items) {
          expect(Number.isInteger(item.quantity) && item.quantity >= 1 && item.quantity <= CART_MAX_QUANTITY).toBe(true);
        }
        expect(selectCartCount(store.getState())).toBe(model.reduce((sum, l) => sum + l.quantity, 0));

        const subtotal = selectCartSubtotalCents(store.getState());
        const exactSubtotal = model.reduce((sum, l) => sum + l.exact * BigInt(l.quantity), 0n);
        expect(BigInt(subtotal)).toBe(exactSubtotal);
        const tax = percentOf(subtotal, CHECKOUT.taxPercent);
        const exactTax = exactPercent(exactSubtotal, BigInt(CHECKOUT.taxPercent));
        expect(BigInt(tax)).toBe(exactTax);
        expect(BigInt(subtotal + CHECKOUT.shippingCents + tax)).toBe(exactSubtotal + BigInt(CHECKOUT.shippingCents) + exactTax);

        // everything saved reads back: no line is lost on the next page load
        const reloaded = makeStore();
        expect(selectCartItems(reloaded.getState())).toEqual(items);
        if (items.length > 0) expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(items);
      }),
      { seed: FIXED_SEED, numRuns: 400 },
    );
  });
});
