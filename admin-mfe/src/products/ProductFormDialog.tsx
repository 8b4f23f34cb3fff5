import { useCallback, useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, useMediaQuery } from '@mui/material';
import { Form, Formik, type FormikErrors } from 'formik';
import type { Product } from '@dentalmarket/contracts';
import { useCreateProductMutation, useGetProductQuery, useUpdateProductMutation } from '@dentalmarket/store';
import { FormikDirtyState, useUnsavedChangesGuard } from '@dentalmarket/ui/unsaved';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { useAdminToast } from '../categories/useAdminToast.js';
import { FocusFirstError } from './FocusFirstError.js';
import { BasicInfoTab, CategoryTab, DetailsTab, FeaturesTab } from './ProductFormTabs.js';
import { FIELD_TABS, getInitialValues, productSchema, toProductInput, type ProductFormValues, type ProductPreset } from './productForm.js';

const TABS = ['Basic Info', 'Details', 'Category', 'Features'] as const;
/** Fields in the order the tabs show them: the first invalid one gets the focus after a failed submit. */
const FIELD_ORDER = Object.keys(FIELD_TABS).sort((a, b) => FIELD_TABS[a] - FIELD_TABS[b]);

export interface ProductFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** the product to edit (by id: the dialog loads the whole record); absent to create one */
  productId?: number | null;
  preset?: ProductPreset;
  onSaved?: (product: Product) => void;
}

/** The first tab holding a field with an error, so a failed submit shows where to look. */
function tabWithError(errors: FormikErrors<ProductFormValues>): number | null {
  const tabs = Object.keys(errors).map((field) => FIELD_TABS[field] ?? 0);
  return tabs.length ? Math.min(...tabs) : null;
}

/**
 * SPEC §2/§5: one dialog, four tabs, for creating and editing a product. With unsaved changes
 * (a typed but unset image URL among them) Cancel, Escape, a click outside and a route change ask
 * 'Discard changes?' first; a save sets a typed image URL (issue 32).
 */
export function ProductFormDialog({ open, onClose, productId, preset, onSaved }: ProductFormDialogProps) {
  const editing = typeof productId === 'number';
  const fullScreen = useMediaQuery('(max-width:767.95px)');
  const product = useGetProductQuery(String(productId), { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const [create] = useCreateProductMutation();
  const [update] = useUpdateProductMutation();
  const toast = useAdminToast();
  const [tab, setTab] = useState(0);
  const [dirty, setDirty] = useState(false);
  const close = useCallback(() => {
    setTab(0);
    onClose();
  }, [onClose]);
  const guard = useUnsavedChangesGuard({ open, dirty, onClose: close });

  const submit = async (values: ProductFormValues, reset: () => void) => {
    const input = toProductInput(values, editing ? 'edit' : 'create');
    try {
      const saved = editing ? await update({ id: productId, changes: input }).unwrap() : await create(input).unwrap();
      toast.success(editing ? 'Product Updated' : 'Product Created', saved.name);
      if (!editing) reset();
      onSaved?.(saved);
      guard.closeAfterSave();
    } catch (error) {
      toast.failure(adminErrorMessage(error, editing ? 'Failed to update product' : 'Failed to create product'));
    }
  };

  // a refetch (a failed save invalidates the product too) must not take the form away with what was typed
  // in it; nor does it reinitialise the form, which mounts only once its product is loaded
  const loading = editing && (!product.data || product.data.id !== productId || (product.isFetching && !dirty));
  return (
    <>
      <Dialog open={open} onClose={guard.requestClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="product-form-title">
        <DialogTitle id="product-form-title">{editing ? 'Edit Product' : 'Add New Product'}</DialogTitle>
        {loading ? (
          <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            {product.isError ? 'Failed to fetch products' : <CircularProgress aria-label="Loading product" />}
          </DialogContent>
        ) : (
          <Formik<ProductFormValues>
            initialValues={getInitialValues(editing ? product.data : null, preset)}
            validationSchema={productSchema}
            onSubmit={(values, helpers) => submit(values, () => helpers.resetForm())}
          >
            {({ isSubmitting, errors, submitCount, submitForm, validateForm }) => (
              <Form noValidate>
                <FocusFirstError order={FIELD_ORDER} />
                <FormikDirtyState onChange={setDirty} />
                {/* four tabs are wider than a phone: scroll arrows show there is more */}
                <Tabs
                  value={tab}
                  onChange={(_e, next: number) => setTab(next)}
                  variant="scrollable"
                  scrollButtons="auto"
                  allowScrollButtonsMobile
                  aria-label="Product form sections"
                  sx={{ px: { xs: 0, sm: 3 }, borderBottom: 1, borderColor: 'divider' }}
                >
                  {TABS.map((label, index) => (
                    <Tab
                      key={label}
                      label={label}
                      id={`product-tab-${index}`}
                      aria-controls={`product-tabpanel-${index}`}
                      sx={submitCount > 0 && Object.keys(errors).some((f) => (FIELD_TABS[f] ?? 0) === index) ? { color: 'error.main' } : undefined}
                    />
                  ))}
                </Tabs>
                <DialogContent sx={{ minHeight: { sm: 420 } }}>
                  {[BasicInfoTab, DetailsTab, CategoryTab, FeaturesTab].map((Panel, index) => (
                    <Box key={index} role="tabpanel" hidden={tab !== index} id={`product-tabpanel-${index}`} aria-labelledby={`product-tab-${index}`} sx={{ pt: 1 }}>
                      {tab === index ? <Panel /> : null}
                    </Box>
                  ))}
                </DialogContent>
                <DialogActions sx={{ px: 3, pb: 2 }}>
                  <Button onClick={guard.requestClose} disabled={isSubmitting}>
                    Cancel
                  </Button>
                  <Button
                    variant="contained"
                    disabled={isSubmitting}
                    onClick={async () => {
                      const found = await validateForm();
                      const errorTab = tabWithError(found);
                      if (errorTab !== null) setTab(errorTab);
                      await submitForm();
                    }}
                  >
                    {isSubmitting ? 'Saving...' : editing ? 'Save Changes' : 'Create Product'}
                  </Button>
                </DialogActions>
              </Form>
            )}
          </Formik>
        )}
      </Dialog>
      {guard.discardDialog}
    </>
  );
}
