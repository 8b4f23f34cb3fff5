import { useState } from 'react';
import { Box, Button, Drawer, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useWhenUnmatched } from './components/useWhenUnmatched.js';
import Add from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FilterList from '@mui/icons-material/FilterList';
import GridView from '@mui/icons-material/GridView';
import ViewList from '@mui/icons-material/ViewList';
import { useSearchParams } from 'react-router';
import { DEFAULT_MARKETPLACE_PRODUCT_TYPE, isProductType, PRODUCT_TYPE_HEADINGS, PRODUCT_TYPES, type ProductType } from '@dentalmarket/contracts';
import { useGetCategoriesQuery, useGetSubcategoriesQuery } from '@dentalmarket/store';
import { useProductEditor } from '@dentalmarket/ui';
import { CategorySidebar, type SidebarSelection } from './components/CategorySidebar.js';
import { MarketplaceLayout } from './components/MarketplaceLayout.js';
import { ProductDetailModal } from './components/ProductDetailModal.js';
import { ProductListing } from './components/ProductListing.js';
import type { ListingLayout } from './components/ProductGrid.js';
import { useProductParam } from './useProductParam.js';
import { TYPE_LABELS, TYPE_ORDER } from './search/productTypes.js';
import { defaultSort, readSearchState } from './search/searchState.js';
import { SortSelect } from './search/SortSelect.js';

/** SPEC §9: a phone is under 768 px (not one of MUI's breakpoints, hence the raw media queries). */
const PHONE_QUERY = '(max-width: 767.95px)';
const FROM_768 = '@media (min-width: 768px)';

function Empty({ children, action }: { children: string; action?: React.ReactNode }) {
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography color="text.secondary">{children}</Typography>
      {action}
    </Box>
  );
}

/**
 * The marketplace (SPEC §2): ?type= (default affiliate), ?category= and ?subcategory= slugs and
 * ?product= (the detail modal, see useProductParam) kept in the address bar, each change a history
 * entry, so Back and Forward restore the view without a page load.
 */
export function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const type: ProductType = isProductType(requested) ? requested : DEFAULT_MARKETPLACE_PRODUCT_TYPE;
  const heading = PRODUCT_TYPE_HEADINGS[type];
  const selection: SidebarSelection = { category: params.get('category'), subcategory: params.get('category') ? params.get('subcategory') : null };
  const [search, setSearch] = useState('');
  // the order is in the address bar too (?sort=), the name order by default
  const sort = readSearchState(params).sort;
  const order = sort ? { sort } : {};
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [layout, setLayout] = useState<ListingLayout>('grid');
  // Under 768 px (SPEC §9's mobile width) the sidebar opens as a drawer from a 'Categories' button.
  // The button and the sidebar column are both always rendered, CSS showing the one that applies,
  // so the server's HTML is right on every width. This only closes the drawer should the window
  // grow past 768 px; it is closed on the first render, so server and browser agree.
  useWhenUnmatched(PHONE_QUERY, () => setDrawerOpen(false));
  const { data: categories } = useGetCategoriesQuery({ productType: type });
  const category = categories?.find((c) => c.slug === selection.category);
  const { data: subcategories } = useGetSubcategoriesQuery(category?.id ?? 0, { skip: !category });
  const subcategory = subcategories?.find((s) => s.slug === selection.subcategory);
  const openEditor = useProductEditor(); // admins only
  const productModal = useProductParam();

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { preventScrollReset: true });
  };
  const selectType = (next: ProductType | null) => {
    if (next && next !== type) update({ type: next, category: null, subcategory: null });
  };
  const select = (next: SidebarSelection) => {
    update({ category: next.category, subcategory: next.subcategory });
    setDrawerOpen(false);
  };
  // cards follow the page's h1 (and the sidebar's h2) as h2s
  const viewDetails = { onViewDetails: (product: { slug: string }) => productModal.open(product.slug), layout, headingLevel: 'h2' as const };

  const sidebar = <CategorySidebar type={type} selection={selection} onSelect={select} onSearch={setSearch} />;

  const header = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
      <Box>
        {category ? (
          <Typography variant="h2" component="h1" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
            {category.name}
            {subcategory && (
              <>
                <ChevronRight aria-label="in" sx={{ mx: 0.5 }} />
                {subcategory.name}
              </>
            )}
          </Typography>
        ) : (
          <Typography variant="h2" component="h1">
            {heading}
          </Typography>
        )}
        {type === 'affiliate' && (
          <Typography variant="body2" color="text.secondary">
            From trusted partners. DentalMarket earns a commission on purchases made through these links.
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {openEditor && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => openEditor({ preset: { productType: type, categoryId: category?.id, subcategoryId: subcategory?.id } })}
          >
            Add New Product
          </Button>
        )}
        <Button variant="outlined" startIcon={<FilterList />} onClick={() => setDrawerOpen(true)} sx={{ [FROM_768]: { display: 'none' } }}>
          Categories
        </Button>
        <SortSelect search={search} value={sort} onChange={(next) => update({ sort: next === defaultSort(search) ? null : next })} />
        <ToggleButtonGroup exclusive size="small" value={layout} onChange={(_e, next: ListingLayout | null) => next && setLayout(next)} aria-label="Layout">
          <ToggleButton value="grid" aria-label="Grid view">
            <GridView fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label="List view">
            <ViewList fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup exclusive size="small" color="primary" value={type} onChange={(_e, next: ProductType | null) => selectType(next)} aria-label="Product type">
          {TYPE_ORDER.filter((t) => PRODUCT_TYPES.includes(t)).map((t) => (
            <ToggleButton key={t} value={t}>
              {TYPE_LABELS[t]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
    </Box>
  );

  let listing: React.ReactNode;
  if (search) {
    listing = (
      <ProductListing key={`search:${type}:${search}:${sort}`} filter={{ productType: type, search, ...order }} failure="Failed to fetch products" empty={<Empty>{`No products match "${search}"`}</Empty>} {...viewDetails} />
    );
  } else if (selection.category && selection.subcategory) {
    listing = (
      <ProductListing
        key={`sub:${selection.subcategory}:${sort}`}
        filter={{ subcategorySlug: selection.subcategory, ...order }}
        failure="Failed to fetch subcategory products"
        empty={<Empty action={<Button sx={{ mt: 2 }} onClick={() => update({ subcategory: null })}>{`Back to ${category?.name ?? 'the category'}`}</Button>}>No products found in this subcategory</Empty>}
        {...viewDetails}
      />
    );
  } else if (selection.category) {
    listing = <ProductListing key={`cat:${selection.category}:${sort}`} filter={{ categorySlug: selection.category, ...order }} failure="Failed to fetch category products" empty={<Empty>No products found in this category</Empty>} {...viewDetails} />;
  } else {
    listing = <ProductListing key={`type:${type}:${sort}`} filter={{ productType: type, ...order }} failure={`Failed to fetch ${type} products`} empty={<Empty>{`No ${heading.toLowerCase()} available yet`}</Empty>} {...viewDetails} />;
  }

  return (
    <Box>
      <MarketplaceLayout header={header} sidebar={sidebar}>
        {category && !search && (subcategories?.length ?? 0) > 0 && (
          <Box sx={{ mb: 3 }} role="group" aria-label="Browse by subcategory">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Browse by subcategory
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {subcategories!.map((s) => (
                <Button key={s.id} size="small" variant={s.slug === selection.subcategory ? 'contained' : 'outlined'} onClick={() => update({ subcategory: s.slug })}>
                  {s.name}
                </Button>
              ))}
            </Stack>
          </Box>
        )}
        {listing}
      </MarketplaceLayout>
      <Drawer anchor="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} slotProps={{ paper: { 'aria-label': 'Categories', sx: { width: 320, maxWidth: '85vw', p: 1 } } }}>
        {sidebar}
      </Drawer>
      <ProductDetailModal slug={productModal.slug} onClose={productModal.close} />
    </Box>
  );
}
