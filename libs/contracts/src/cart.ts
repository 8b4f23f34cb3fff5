/** A cart line (SPEC §3): the fields the cart reads from a product, plus quantity. */
export interface CartItem {
  id: number;
  name: string;
  manufacturer: string;
  /** normalised to a two-decimal string */
  price: string;
  quantity: number;
  image_url: string | null;
}

/** What may be added to the cart: any product-like object; price may be text or missing. */
export interface CartProductInput {
  id: number;
  name: string;
  manufacturer?: string | null;
  price?: string | number | null;
  image_url?: string | null;
}
