import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Chip, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Search from '@mui/icons-material/Search';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { usePhoneColumns } from '../dashboard/usePhoneColumns.js';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import type { AdminProductRow, AdminProductSortField, ProductType } from '@dentalmarket/contracts';
import { useGetAdminProductsQuery } from '@dentalmarket/store';
import { productExportHref } from './imports/importsApi.js';
import { serverGridProps } from '../dashboard/serverGrid.js';
import { ProductDebugPanel } from '../settings/ProductDebugPanel.js';
import { adminPrice } from './adminPrice.js';
import { DeleteProductDialog } from './DeleteProductDialog.js';
import { ImportDialog } from './imports/ImportDialog.js';
import { filterParams, NO_FILTERS, ProductFilters, type ProductFilterValues } from './ProductFilters.js';
import { ProductFormDialog } from './ProductFormDialog.js';
import { TYPE_LABELS } from './productForm.js';
import { ProductViewDialog } from './ProductViewDialog.js';

export interface ProductManagerProps {
  /** Only this subcategory's products (the 'Manage Products for {subcategory}' dialog). */
  subcategoryId?: number;
  /** Only this product type. */
  productType?: ProductType;
  /** Category of that subcategory, preset in the create dialog. */
  categoryId?: number;
}

/** Grid column → the API's sort field: the server sorts, so the grid is instant at any catalogue size. */
const SORT_FIELDS: Record<string, AdminProductSortField> = {
  name: 'name',
  product_type: 'product_type',
  category_name: 'category',
  price: 'price',
  in_stock: 'in_stock',
};

/**
 * On a phone (under 600 px) the grid keeps the name, wrapped, and the actions, so Edit and Delete are
 * on screen without scrolling sideways; what the hidden columns hold is written under the name.
 */
const PHONE_HIDDEN: GridColumnVisibilityModel = { product_type: false, category_name: false, price: false, in_stock: false };

const typeLabel = (value: ProductType) => TYPE_LABELS[value]?.split(' ')[0] ?? value;

/** The hidden columns' values, in the columns' order, for the line under a product's name. */
function hiddenFacts(row: AdminProductRow, visibility: GridColumnVisibilityModel): string {
  const facts: [string, string | null][] = [
    ['product_type', typeLabel(row.product_type)],
    ['category_name', row.category_name],
    ['price', adminPrice(row).primary],
    ['in_stock', row.in_stock ? null : 'Out of stock'],
  ];
  return facts
    .filter(([field, text]) => visibility[field] === false && text)
    .map(([, text]) => text)
    .join(' · ');
}

/**
 * SPEC §2 Admin product management: search over name, description and manufacturer, a grid paged,
 * sorted and searched by the server (always fresh: the admin list is never cached), and the
 * create, edit, view and delete dialogs.
 */
export function ProductManager({ subcategoryId, productType, categoryId }: ProductManagerProps) {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'name', sort: 'asc' }]);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminProductRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [filters, setFilters] = useState<ProductFilterValues>(NO_FILTERS);
  const { phone, visibility, setVisibility } = usePhoneColumns(PHONE_HIDDEN);
  // after a delete the row's button is gone: focus goes to 'Add New Product' instead of the page body
  const addButton = useRef<HTMLButtonElement>(null);
  const [deletions, setDeletions] = useState(0);
  useEffect(() => {
    if (deletions) addButton.current?.focus();
  }, [deletions]);

  const sort = sortModel[0];
  const chosen = filterParams(filters);
  // what the grid shows is what 'Export CSV' downloads
  const shown = { search: term || undefined, subcategoryId, ...chosen, productType: productType ?? chosen.productType };
  const { data, isFetching, isError } = useGetAdminProductsQuery(
    {
      ...shown,
      page: pagination.page + 1,
      limit: pagination.pageSize,
      sortField: sort ? SORT_FIELDS[sort.field] : 'name',
      sortDirection: sort?.sort === 'desc' ? 'desc' : 'asc',
    },
    { refetchOnMountOrArgChange: true },
  );

  const columns = useMemo<GridColDef<AdminProductRow>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        flex: 2,
        minWidth: phone ? 140 : 180,
        hideable: false,
        // on a phone the whole name wraps (the row grows to fit), with the hidden columns under it
        renderCell: phone
          ? ({ row }) => {
              const facts = hiddenFacts(row, visibility);
              return (
                <Box sx={{ py: 1, whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.4 }}>
                  <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>{row.name}</Box>
                  {facts ? (
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {facts}
                    </Typography>
                  ) : null}
                </Box>
              );
            }
          : undefined,
      },
      { field: 'product_type', headerName: 'Type', width: 120, valueFormatter: typeLabel },
      { field: 'category_name', headerName: 'Category', flex: 1, minWidth: 140 },
      {
        field: 'price',
        headerName: 'Price',
        width: 130,
        align: 'right',
        headerAlign: 'right',
        // what the shop shows: an affiliate's stored price, 'Get a Quote' for a service without one
        renderCell: ({ row }) => adminPrice(row).primary,
      },
      {
        field: 'in_stock',
        headerName: 'In Stock',
        width: 110,
        renderCell: ({ value }) => <Chip size="small" label={value ? 'Yes' : 'No'} color={value ? 'success' : 'default'} variant="outlined" />,
      },
      {
        field: 'actions',
        headerName: 'Actions',
        // three buttons of a finger's size on a phone; never hidden from the column menu
        width: phone ? 132 : 150,
        sortable: false,
        filterable: false,
        hideable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <Tooltip title="View">
              <IconButton size={phone ? 'medium' : 'small'} aria-label={`View ${row.name}`} onClick={() => setViewing(row.id)}>
                <VisibilityOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Edit">
              <IconButton size={phone ? 'medium' : 'small'} aria-label={`Edit ${row.name}`} onClick={() => setEditing(row.id)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size={phone ? 'medium' : 'small'} color="error" aria-label={`Delete ${row.name}`} onClick={() => setDeleting(row)}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ],
    [phone, visibility],
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          placeholder="Search products..."
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          sx={{ minWidth: { sm: 280 } }}
          slotProps={{
            // the name goes on the input itself (on the TextField it named only the wrapper)
            htmlInput: { 'aria-label': 'Search products' },
            input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
          }}
        />
        <ProductFilters
          value={filters}
          stockOnly={productType !== undefined}
          onChange={(next) => {
            setFilters(next);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
        />
        <Box sx={{ flexGrow: 1 }} />
        {/* on a phone the three buttons share rows and wrap, each as wide as its row allows */}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', '& > *': { flex: { xs: '1 1 auto', sm: '0 0 auto' } } }}>
          <Button variant="outlined" href={productExportHref(shown)} download startIcon={<FileDownloadOutlined />}>
            Export CSV
          </Button>
          {subcategoryId === undefined ? (
            <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setImporting(true)}>
              Import CSV
            </Button>
          ) : null}
          <Button ref={addButton} variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            Add New Product
          </Button>
        </Stack>
      </Stack>
      {isError ? (
        <Typography color="error" sx={{ mb: 1 }}>
          Failed to fetch products
        </Typography>
      ) : null}
      <Box sx={{ height: 520, width: '100%', minWidth: 0 }}>
        <DataGrid
          rows={data?.products ?? []}
          columns={columns}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={setVisibility}
          getRowHeight={phone ? () => 'auto' : undefined}
          rowCount={data?.total ?? 0}
          loading={isFetching}
          {...serverGridProps(pagination, setPagination)}
          pageSizeOptions={[10, 25, 50, 100]}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model.length ? model : [{ field: 'name', sort: 'asc' }]);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          localeText={{ noRowsLabel: 'No products found' }}
          slots={{ loadingOverlay: LoadingOverlay }}
        />
      </Box>
      <ProductDebugPanel title="Product Debug Panel" data={data?.products ?? []} />
      <ProductFormDialog open={creating} onClose={() => setCreating(false)} preset={{ productType, categoryId, subcategoryId }} />
      <ProductFormDialog open={editing !== null} productId={editing} onClose={() => setEditing(null)} />
      <ProductViewDialog productId={viewing} onClose={() => setViewing(null)} />
      {subcategoryId === undefined ? <ImportDialog open={importing} onClose={() => setImporting(false)} /> : null}
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeletions((n) => n + 1)} />
    </Box>
  );
}

function LoadingOverlay() {
  return (
    <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover' }}>
      <Typography color="text.secondary">Loading product data...</Typography>
    </Box>
  );
}
