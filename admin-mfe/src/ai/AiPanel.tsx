import { useState } from 'react';
import { Alert, Box, Button, List, ListItemButton, ListItemText, Tab, Tabs, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import type { GeneratedProduct } from '@dentalmarket/contracts';
import { useCreateProductMutation, useGenerateBatchProductsMutation, useGenerateProductMutation, useGetAiStatusQuery } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { AiPlacementFields, usePlacementLists } from './AiPlacementFields.js';
import { batchSchema, singleSchema, splitNames, toSavedPayload, type AiSelection } from './aiProduct.js';
import { GeneratedPreview } from './GeneratedPreview.js';

type Placement = { productType: AiSelection['productType']; categoryId: number; subcategoryId: number };
const START: AiSelection = { productType: 'affiliate', categoryId: '', subcategoryId: '' };

/** Saves one generated product through the admin products API (SPEC §3 saved payload). */
function useSaveGenerated() {
  const [create, { isLoading }] = useCreateProductMutation();
  const { enqueueSnackbar } = useSnackbar();
  const save = async (product: GeneratedProduct, placement: Placement, lists: ReturnType<typeof usePlacementLists>): Promise<boolean> => {
    try {
      // products have no short-description column (SPEC §3 entity): the payload keeps it, the API stores the rest
      const { short_description: _short, ...payload } = toSavedPayload(product, placement, lists.categories, lists.subcategories);
      await create(payload).unwrap();
      enqueueSnackbar(toastMessage('Product saved!', product.name), { variant: 'success' });
      return true;
    } catch (error) {
      enqueueSnackbar(toastMessage('Failed to save product', adminErrorMessage(error, 'Failed to save product')), { variant: 'error' });
      return false;
    }
  };
  return { save, saving: isLoading };
}

function SingleProduct({ unavailable }: { unavailable: boolean }) {
  const [generate, { isLoading }] = useGenerateProductMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [preview, setPreview] = useState<{ product: GeneratedProduct; placement: Placement } | null>(null);
  const { save, saving } = useSaveGenerated();
  return (
    <Formik
      initialValues={{ ...START, productName: '' }}
      validationSchema={singleSchema}
      onSubmit={async (values) => {
        const placement = { productType: values.productType, categoryId: Number(values.categoryId), subcategoryId: Number(values.subcategoryId) };
        try {
          const product = await generate({ productName: values.productName.trim(), ...placement }).unwrap();
          setPreview({ product, placement });
          enqueueSnackbar(toastMessage('Product details generated!', product.name), { variant: 'success' });
        } catch (error) {
          enqueueSnackbar(toastMessage('Failed to generate product', adminErrorMessage(error, 'Failed to generate product')), { variant: 'error' });
        }
      }}
    >
      {({ values, resetForm }) => (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Form noValidate>
              <FormikTextField name="productName" label="Product name" fullWidth sx={{ mb: 2 }} />
              <AiPlacementFields />
              <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={isLoading || unavailable}>
                {isLoading ? 'Generating...' : 'Generate'}
              </Button>
            </Form>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <SinglePreview preview={preview} values={values} saving={saving} onChange={(product) => preview && setPreview({ ...preview, product })} onSave={async (lists) => {
              if (preview && (await save(preview.product, preview.placement, lists))) {
                setPreview(null);
                resetForm();
              }
            }} />
          </Grid>
        </Grid>
      )}
    </Formik>
  );
}

function SinglePreview({ preview, values, saving, onChange, onSave }: { preview: { product: GeneratedProduct } | null; values: AiSelection; saving: boolean; onChange: (p: GeneratedProduct) => void; onSave: (lists: ReturnType<typeof usePlacementLists>) => void }) {
  const lists = usePlacementLists(values);
  if (!preview) return <Typography color="text.secondary">The generated product appears here for review before it is saved.</Typography>;
  return <GeneratedPreview product={preview.product} onChange={onChange} saving={saving} onSave={() => onSave(lists)} />;
}

function BatchAdd({ unavailable }: { unavailable: boolean }) {
  const [generate, { isLoading }] = useGenerateBatchProductsMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [batch, setBatch] = useState<{ products: GeneratedProduct[]; failures: { productName: string; message: string }[]; placement: Placement } | null>(null);
  const [selected, setSelected] = useState(0);
  const { save, saving } = useSaveGenerated();
  return (
    <Formik
      initialValues={{ ...START, productNames: '' }}
      validationSchema={batchSchema}
      onSubmit={async (values) => {
        const placement = { productType: values.productType, categoryId: Number(values.categoryId), subcategoryId: Number(values.subcategoryId) };
        try {
          const result = await generate({ productNames: splitNames(values.productNames), ...placement }).unwrap();
          setBatch({ ...result, placement });
          setSelected(0);
          enqueueSnackbar(toastMessage(`${result.products.length} products generated!`), { variant: 'success' });
        } catch (error) {
          enqueueSnackbar(toastMessage('Failed to generate products', adminErrorMessage(error, 'Failed to generate products')), { variant: 'error' });
        }
      }}
    >
      {({ values }) => (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Form noValidate>
              <FormikTextField name="productNames" label="Product names" helperText="One per line, or separated by commas" multiline minRows={4} fullWidth sx={{ mb: 2 }} />
              <AiPlacementFields />
              <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={isLoading || unavailable}>
                {isLoading ? 'Generating...' : 'Generate All'}
              </Button>
            </Form>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <BatchPreview batch={batch} selected={selected} values={values} saving={saving} setSelected={setSelected} setBatch={setBatch} save={save} />
          </Grid>
        </Grid>
      )}
    </Formik>
  );
}

type Batch = { products: GeneratedProduct[]; failures: { productName: string; message: string }[]; placement: Placement };
function BatchPreview({ batch, selected, values, saving, setSelected, setBatch, save }: { batch: Batch | null; selected: number; values: AiSelection; saving: boolean; setSelected: (n: number) => void; setBatch: (b: Batch | null) => void; save: ReturnType<typeof useSaveGenerated>['save'] }) {
  const lists = usePlacementLists(values);
  if (!batch) return <Typography color="text.secondary">Generated products appear here, one at a time, for review before saving.</Typography>;
  const current = batch.products[selected];
  const saveCurrent = async () => {
    if (!current || !(await save(current, batch.placement, lists))) return;
    const rest = batch.products.filter((_p, i) => i !== selected);
    setBatch(rest.length || batch.failures.length ? { ...batch, products: rest } : null);
    setSelected(rest.length ? selected % rest.length : 0); // the next item takes the saved one's place
  };
  return (
    <Box>
      {batch.failures.map((f) => (
        <Alert key={f.productName} severity="warning" sx={{ mb: 1 }}>{`${f.productName}: ${f.message}`}</Alert>
      ))}
      <List dense sx={{ maxHeight: 200, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, mb: 2 }} aria-label="Generated products">
        {batch.products.map((p, i) => (
          <ListItemButton key={`${p.name}-${i}`} selected={i === selected} onClick={() => setSelected(i)}>
            <ListItemText primary={p.name} secondary={p.shortDescription} />
          </ListItemButton>
        ))}
      </List>
      {current ? (
        <GeneratedPreview
          product={current}
          saving={saving}
          onChange={(next) => setBatch({ ...batch, products: batch.products.map((p, i) => (i === selected ? next : p)) })}
          onSave={saveCurrent}
          extra={<Button onClick={() => setSelected((selected + 1) % batch.products.length)} disabled={batch.products.length < 2}>Next</Button>}
        />
      ) : (
        <Typography color="text.secondary">Every generated product has been saved.</Typography>
      )}
    </Box>
  );
}

/**
 * SPEC §2 AI panel: Single Product and Batch Add, each a form beside its preview. Without a
 * configured provider the panel says so up front, with the API's sentence, and Generate is off
 * (a status that cannot be read leaves the panel usable: the generate call then reports).
 */
export function AiPanel() {
  const [tab, setTab] = useState(0);
  const status = useGetAiStatusQuery();
  const unavailable = status.data?.configured === false;
  return (
    <Box>
      {unavailable ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {status.data?.message ?? 'AI generation is not set up on the server.'}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(_e, next: number) => setTab(next)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab label="Single Product" />
        <Tab label="Batch Add" />
      </Tabs>
      {tab === 0 ? <SingleProduct unavailable={unavailable} /> : <BatchAdd unavailable={unavailable} />}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3 }}>
        Product details are generated by an AI text service and may need review before you publish them.
      </Typography>
    </Box>
  );
}
