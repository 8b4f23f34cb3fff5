import { formatUsd, normalisePrice, toCents, type CartItem, type Product } from '@dentalmarket/contracts';

/** What a re-check against the catalogue changed in one cart line, in the words a shopper reads. */
export type CartChange =
  | { kind: 'removed'; id: number; name: string }
  | { kind: 'renamed'; id: number; from: string; to: string }
  | { kind: 'price'; id: number; name: string; from: string; to: string };

/** The catalogue fields a cart line copies (the rest of a product is not kept in the cart). */
export type CatalogueLine = Pick<Product, 'id' | 'name' | 'manufacturer' | 'price' | 'image_url'>;

/**
 * The cart after comparing its lines with the catalogue's answer for `askedIds`: a line that was
 * asked about and is missing from the answer no longer exists and goes; the others take the
 * catalogue's name, manufacturer, price and image. Lines not asked about (added while the request
 * was out) stay as they are, and products the answer holds beyond the asked ids are ignored.
 */
export function reconcileLines(items: CartItem[], products: CatalogueLine[], askedIds: number[]): { items: CartItem[]; changes: CartChange[] } {
  const asked = new Set(askedIds);
  const byId = new Map(products.filter((p) => asked.has(p.id)).map((p) => [p.id, p]));
  const changes: CartChange[] = [];
  const next: CartItem[] = [];
  for (const item of items) {
    if (!asked.has(item.id)) {
      next.push(item);
      continue;
    }
    const product = byId.get(item.id);
    if (!product) {
      changes.push({ kind: 'removed', id: item.id, name: item.name });
      continue;
    }
    const price = normalisePrice(product.price);
    if (product.name !== item.name) changes.push({ kind: 'renamed', id: item.id, from: item.name, to: product.name });
    if (price !== item.price) changes.push({ kind: 'price', id: item.id, name: product.name, from: item.price, to: price });
    next.push({ ...item, name: product.name, manufacturer: product.manufacturer ?? '', price, image_url: product.image_url ?? null });
  }
  return { items: next, changes };
}

/** The toast for a re-checked cart: one sentence per change, e.g. '“X” is no longer available. “Y” now costs $12.00.' */
export function cartChangeMessage(changes: CartChange[]): { title: string; description: string } {
  const sentences = changes.map((change) => {
    if (change.kind === 'removed') return `“${change.name}” is no longer available.`;
    if (change.kind === 'renamed') return `“${change.from}” is now called “${change.to}”.`;
    return `“${change.name}” now costs ${formatUsd(toCents(change.to))}.`;
  });
  return { title: 'Your cart was updated', description: sentences.join(' ') };
}
