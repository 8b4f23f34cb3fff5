import type { ReactNode } from 'react';
import { Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Link, List, ListItem, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { withHttps, type Product } from '@dentalmarket/contracts';
import { useGetCategoriesQuery, useGetProductQuery, useGetSubcategoriesQuery } from '@dentalmarket/store';
import { ProductImage } from '@dentalmarket/ui';
import { adminPrice } from './adminPrice.js';
import { TYPE_LABELS } from './productForm.js';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** The shop's figure, with its note ('Sourced from partner', 'Custom Quote Required') when it has one. */
function PriceText({ product }: { product: Product }) {
  const { primary, note } = adminPrice(product);
  return (
    <>
      {primary}
      {note ? (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 1 }}>
          {note}
        </Typography>
      ) : null}
    </>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const categories = useGetCategoriesQuery({ productType: product.product_type });
  const subcategories = useGetSubcategoriesQuery(product.category_id);
  const category = categories.data?.find((c) => c.id === product.category_id);
  const subcategory = subcategories.data?.find((s) => s.id === product.subcategory_id);
  const specs = Object.entries(product.specifications ?? {});
  const service = Object.entries(product.service_details ?? {});
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, sm: 5 }}>
        <Box sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <ProductImage src={product.image_url} alt={product.name} />
        </Box>
      </Grid>
      <Grid size={{ xs: 12, sm: 7 }}>
        <Stack spacing={1.5}>
          <Box>
            <Chip size="small" color="primary" label={TYPE_LABELS[product.product_type]} />
          </Box>
          <Field label="Price">
            <PriceText product={product} />
          </Field>
          <Field label="Manufacturer">{product.manufacturer}</Field>
          <Field label="Category">{category?.name ?? `#${product.category_id}`}</Field>
          <Field label="Subcategory">{product.subcategory_id ? (subcategory?.name ?? `#${product.subcategory_id}`) : 'None'}</Field>
          <Field label="In Stock">{product.in_stock ? 'Yes' : 'No'}</Field>
          {product.warranty ? <Field label="Warranty">{product.warranty}</Field> : null}
          {product.affiliate_link ? (
            <Field label="Affiliate link">
              <Link href={withHttps(product.affiliate_link)} target="_blank" rel="noopener noreferrer">
                Link to Partner
              </Link>
            </Field>
          ) : null}
        </Stack>
      </Grid>
      <Grid size={12}>
        <Field label="Description">{product.description}</Field>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Typography variant="subtitle2" component="h3">
          Features
        </Typography>
        {product.features.length ? (
          <List dense disablePadding>
            {product.features.map((feature, index) => (
              <ListItem key={index} disableGutters sx={{ typography: 'body2', py: 0.25 }}>
                • {feature}
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No features listed
          </Typography>
        )}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Typography variant="subtitle2" component="h3">
          Specifications
        </Typography>
        {specs.length ? (
          <Table size="small" aria-label="Specifications">
            <TableBody>
              {specs.map(([name, value]) => (
                <TableRow key={name}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, pl: 0 }}>
                    {name}
                  </TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No specifications available
          </Typography>
        )}
      </Grid>
      {service.length ? (
        <Grid size={12}>
          <Typography variant="subtitle2" component="h3">
            Service Details
          </Typography>
          {service.map(([key, value]) => (
            <Typography key={key} variant="body2">
              {key === 'details' ? '' : `${key}: `}
              {typeof value === 'string' ? value : JSON.stringify(value)}
            </Typography>
          ))}
        </Grid>
      ) : null}
    </Grid>
  );
}

/** SPEC §2 Product view dialog (admin): every stored field an admin checks before editing. */
export function ProductViewDialog({ productId, onClose }: { productId: number | null; onClose: () => void }) {
  const product = useGetProductQuery(String(productId), { skip: productId === null, refetchOnMountOrArgChange: true });
  return (
    <Dialog open={productId !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="product-view-title">
      <DialogTitle id="product-view-title">{product.data?.name ?? 'Product'}</DialogTitle>
      <DialogContent dividers>
        {product.data && !product.isFetching ? (
          <ProductDetails product={product.data} />
        ) : product.isError ? (
          <Typography color="error">Failed to fetch products</Typography>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading product" />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
