import { useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Marks the history entry that opening the modal pushed, so closing can step back over it. */
interface ProductEntryState {
  productModal?: true;
}

/**
 * The product detail modal's `?product=<slug>` (SPEC §2). Opening pushes one history entry, so
 * Back closes the modal; closing never adds one: it steps back over the entry the opening pushed,
 * or (a shared link opened on load, or a reload) replaces the address without `product`.
 */
export function useProductParam(): { slug: string | null; open: (slug: string) => void; close: () => void } {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Escape, Close and the auto-close after an add may all fire for one entry: step back once
  const closedEntry = useRef<string | null>(null);
  const slug = params.get('product');

  const withProduct = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set('product', value);
    else next.delete('product');
    const search = next.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : '' };
  };

  const open = (next: string) => {
    if (next === slug) return;
    // another product while one is open replaces it (keeping whether opening pushed): Back still returns to the listing
    const state: ProductEntryState | null = slug ? (location.state as ProductEntryState | null) : { productModal: true };
    navigate(withProduct(next), { replace: Boolean(slug), state, preventScrollReset: true });
  };

  const close = () => {
    if (!slug || closedEntry.current === location.key) return;
    closedEntry.current = location.key;
    if ((location.state as ProductEntryState | null)?.productModal) navigate(-1);
    else navigate(withProduct(null), { replace: true, preventScrollReset: true });
  };

  return { slug, open, close };
}
