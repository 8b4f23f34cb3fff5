import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Box, InputAdornment, Paper, TextField, Typography } from '@mui/material';
import Search from '@mui/icons-material/Search';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_LIMITS, type SearchSuggestionsResponse } from '@dentalmarket/contracts';
import { useGetSearchSuggestionsQuery } from '@dentalmarket/store';
import { formatPrice, useDebouncedValue } from '@dentalmarket/ui';

/** How long typing must pause before the suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;

type Product = SearchSuggestionsResponse['products'][number];
type Category = SearchSuggestionsResponse['categories'][number];
type Option = { kind: 'product'; item: Product } | { kind: 'category'; item: Category };

const TYPE_NAMES = { equipment: 'Equipment', service: 'Services', affiliate: 'Partner Products' } as const;

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * The suggestions for the text as typed, while the field has the focus: asked for once typing pauses, and
 * only an answer for the current text is shown.
 */
function useSuggestions(text: string, wanted: boolean): Option[] {
  const q = useDebouncedValue(text.trim().slice(0, SEARCH_LIMITS.queryMax), SUGGEST_DEBOUNCE_MS);
  const asked = wanted && q.length >= SEARCH_LIMITS.suggestMinLength;
  // currentData: an answer that arrives for an earlier text is never shown for the new one
  const { currentData } = useGetSearchSuggestionsQuery(q, { skip: !asked });
  if (!asked || text.trim().length < SEARCH_LIMITS.suggestMinLength || !currentData) return [];
  return [
    ...currentData.products.slice(0, SEARCH_LIMITS.suggestProducts).map((item): Option => ({ kind: 'product', item })),
    ...currentData.categories.slice(0, SEARCH_LIMITS.suggestCategories).map((item): Option => ({ kind: 'category', item })),
  ];
}

interface Props {
  /** the phone's search row opens with the field focused */
  autoFocus?: boolean;
  /** a search was made or a suggestion picked (navigated), or Escape pressed on an empty field: the phone's row closes */
  onDone?: (navigated: boolean) => void;
}

/**
 * The header's shop-wide search (issue 19): a combobox on the WAI-ARIA pattern. Typing suggests
 * products and categories; ArrowDown/ArrowUp move through them, Enter picks the active one or
 * searches the text (/marketplace?search=…), Escape closes the list, then clears the text.
 */
export function SearchBox({ autoFocus = false, onDone }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const urlSearch = pathname === '/marketplace' ? (params.get('search') ?? '') : '';
  const [text, setText] = useState(urlSearch);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useSuggestions(text, focused);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const expanded = open && options.length > 0;

  // the field shows the search the page shows (a results page opened by a link, Back, Forward)
  useEffect(() => setText(urlSearch), [urlSearch]);
  // a new answer, a new list: nothing active in it yet
  useEffect(() => setActive(-1), [options.length, options[0]?.item.id]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (option: Option) => {
    close();
    if (option.kind === 'category') {
      navigate(`/marketplace?type=${option.item.product_type}&category=${encodeURIComponent(option.item.slug)}`);
    } else if (pathname === '/' || pathname === '/marketplace') {
      // over the page the shopper is on, as a card's 'View details' opens it (Back closes it)
      const next = new URLSearchParams(params);
      next.set('product', option.item.slug);
      navigate({ pathname, search: `?${next}` }, { state: { productModal: true }, preventScrollReset: true });
    } else {
      navigate(`/marketplace?type=${option.item.product_type}&product=${encodeURIComponent(option.item.slug)}`);
    }
    onDone?.(true);
  };

  const search = () => {
    const q = text.trim().slice(0, SEARCH_LIMITS.queryMax);
    if (!q) return;
    close();
    navigate(`/marketplace?search=${encodeURIComponent(q)}`);
    onDone?.(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!expanded) {
          setOpen(true);
          setActive(step === 1 ? 0 : options.length - 1);
        } else {
          // past either end the focus returns to the text (no option active), then wraps
          setActive((current) => (current === -1 ? (step === 1 ? 0 : options.length - 1) : current + step >= options.length || current + step < 0 ? -1 : current + step));
        }
        return;
      }
      case 'Enter':
        event.preventDefault();
        if (expanded && active >= 0 && options[active]) pick(options[active]);
        else search();
        return;
      case 'Escape':
        if (expanded) close();
        else if (text) setText('');
        else onDone?.(false);
        event.preventDefault();
        return;
      default:
    }
  };

  const products = options.filter((o) => o.kind === 'product');
  const group = (label: string, from: number, items: Option[]) =>
    items.length > 0 && (
      <Box component="ul" role="group" aria-labelledby={`${listId}-${label}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <Typography component="li" role="presentation" id={`${listId}-${label}`} variant="overline" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1, lineHeight: 2 }}>
          {label}
        </Typography>
        {items.map((option, i) => {
          const index = from + i;
          const selected = index === active;
          return (
            <Box
              component="li"
              key={`${option.kind}-${option.item.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={selected}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(option)}
              sx={{ px: 2, py: 0.75, cursor: 'pointer', bgcolor: selected ? 'action.selected' : undefined, boxShadow: selected ? (theme) => `inset 3px 0 0 ${theme.palette.primary.main}` : undefined }}
            >
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {option.item.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {option.kind === 'product' ? `${option.item.manufacturer} · ${formatPrice(option.item.price)}` : `Category in ${TYPE_NAMES[option.item.product_type]}`}
              </Typography>
            </Box>
          );
        })}
      </Box>
    );

  return (
    <Box role="search" sx={{ position: 'relative', width: '100%' }}>
      <TextField
        size="small"
        fullWidth
        autoFocus={autoFocus}
        value={text}
        placeholder="Search products"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
        }}
        onBlur={() => {
          setFocused(false);
          close();
        }}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-label': 'Search products',
            'aria-autocomplete': 'list',
            'aria-expanded': expanded,
            'aria-controls': listId,
            'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
            autoComplete: 'off',
            enterKeyHint: 'search',
            maxLength: SEARCH_LIMITS.queryMax,
          },
          input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
        }}
      />
      <Paper
        elevation={8}
        hidden={!expanded}
        sx={{ position: 'absolute', top: 'calc(100% + 4px)', left: 0, right: 0, minWidth: { sm: 360 }, zIndex: (theme) => theme.zIndex.modal, maxHeight: '70vh', overflowY: 'auto', py: 0.5 }}
      >
        <Box component="ul" role="listbox" id={listId} aria-label="Suggestions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {group('Products', 0, products)}
          {group('Categories', products.length, options.slice(products.length))}
        </Box>
      </Paper>
      <Box role="status" sx={hidden}>
        {expanded ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}, use the arrow keys to choose` : ''}
      </Box>
    </Box>
  );
}
