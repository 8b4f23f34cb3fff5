import { Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { FieldArray, useField, useFormikContext } from 'formik';
import { PRODUCT_TYPES, type ProductType } from '@dentalmarket/contracts';
import { useGetCategoriesQuery, useGetSubcategoriesQuery } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { ImageEditor } from './ImageEditor.js';
import { slugPreview, TYPE_LABELS, type ProductFormValues } from './productForm.js';


function FormikSwitch({ name, label }: { name: keyof ProductFormValues; label: string }) {
  const [field] = useField<boolean>({ name, type: 'checkbox' });
  return <FormControlLabel control={<Switch {...field} checked={Boolean(field.value)} />} label={label} />;
}

/** Name, type, manufacturer, price (equipment requires it, affiliates have none), description, image. */
export function BasicInfoTab() {
  const { values, setFieldValue } = useFormikContext<ProductFormValues>();
  const onTypeChange = (type: ProductType) => {
    void setFieldValue('product_type', type);
    // the categories are per type: a category of another type cannot stay selected
    void setFieldValue('category_id', '');
    void setFieldValue('subcategory_id', '');
  };
  return (
    <Stack spacing={2}>
      <FormikTextField name="name" label="Product Name" required fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormikTextField
          name="product_type"
          label="Product Type"
          select
          required
          fullWidth
          onChange={(event) => onTypeChange(event.target.value as ProductType)}
        >
          {PRODUCT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </FormikTextField>
        <FormikTextField name="manufacturer" label="Manufacturer" required fullWidth />
      </Stack>
      {values.product_type !== 'affiliate' ? (
        <FormikTextField
          name="price"
          label="Price (USD)"
          required={values.product_type === 'equipment'}
          inputMode="decimal"
          helperText={values.product_type === 'service' ? 'Leave empty for a custom quote' : undefined}
          fullWidth
        />
      ) : null}
      <FormikTextField name="description" label="Description" required multiline minRows={3} fullWidth />
      <ImageEditor />
    </Stack>
  );
}

/** Slug, links, and the fields that only some types have (SPEC §5). */
export function DetailsTab() {
  const { values } = useFormikContext<ProductFormValues>();
  return (
    <Stack spacing={2}>
      <FormikTextField
        name="slug"
        label="Slug"
        fullWidth
        placeholder={slugPreview(values.name) || 'generated-from-the-name'}
        helperText="Leave empty to generate it from the name"
      />
      {values.product_type === 'affiliate' ? (
        <FormikTextField name="affiliate_link" label="Affiliate Link" required inputMode="url" fullWidth helperText="https:// is added when missing" />
      ) : null}
      <FormikTextField name="external_link" label="External Link" inputMode="url" fullWidth />
      {values.product_type === 'equipment' ? (
        <>
          <FormikSwitch name="in_stock" label="In Stock" />
          <FormikTextField name="warranty" label="Warranty" placeholder="e.g. 2 years parts and labour" fullWidth />
          <FormikTextField name="delivery_time" label="Delivery Time" placeholder="e.g. 5-7 business days" fullWidth />
        </>
      ) : null}
      {values.product_type === 'service' ? (
        <FormikTextField
          name="service_details"
          label="Service Details"
          multiline
          minRows={3}
          fullWidth
          helperText="Free text, or one 'name: value' per line (e.g. Duration: 2 hours)"
        />
      ) : null}
      <Stack direction="row" spacing={3}>
        <FormikSwitch name="is_featured" label="Featured" />
        <FormikSwitch name="is_new" label="New" />
      </Stack>
    </Stack>
  );
}

/** Category of the chosen type, and a subcategory limited to that category ('None' clears it). */
export function CategoryTab() {
  const { values, setFieldValue } = useFormikContext<ProductFormValues>();
  const categories = useGetCategoriesQuery({ productType: values.product_type });
  const categoryId = typeof values.category_id === 'number' ? values.category_id : 0;
  const subcategories = useGetSubcategoriesQuery(categoryId, { skip: !categoryId });
  return (
    <Stack spacing={2}>
      <FormikTextField
        name="category_id"
        label="Category"
        select
        required
        fullWidth
        // not disabled while the list loads: a failed submit may have to focus it at once
        helperText={categories.data?.length === 0 ? `No ${values.product_type} categories yet: create one first` : undefined}
        onChange={(event) => {
          void setFieldValue('category_id', Number(event.target.value));
          void setFieldValue('subcategory_id', ''); // SPEC §4: changing the category clears the subcategory
        }}
      >
        {(categories.data ?? []).map((category) => (
          <MenuItem key={category.id} value={category.id}>
            {category.name}
          </MenuItem>
        ))}
      </FormikTextField>
      <TextField
        label="Subcategory"
        select
        fullWidth
        disabled={!categoryId || subcategories.isFetching}
        value={subcategories.data?.some((s) => s.id === values.subcategory_id) ? values.subcategory_id : ''}
        onChange={(event) => void setFieldValue('subcategory_id', event.target.value === '' ? '' : Number(event.target.value))}
        helperText={categoryId ? undefined : 'Choose a category first'}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {(subcategories.data ?? []).map((subcategory) => (
          <MenuItem key={subcategory.id} value={subcategory.id}>
            {subcategory.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** Features one per line; specification rows of name and value (at least one row stays). */
export function FeaturesTab() {
  const { values } = useFormikContext<ProductFormValues>();
  return (
    <Stack spacing={2}>
      <FormikTextField name="features" label="Features" multiline minRows={4} fullWidth helperText="One feature per line" />
      <Typography variant="subtitle2" component="h3">
        Specifications
      </Typography>
      <FieldArray name="specifications">
        {({ push, remove }) => (
          <Stack spacing={1}>
            {values.specifications.map((_row, index) => (
              <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <FormikTextField name={`specifications.${index}.name`} label="Name" size="small" sx={{ flex: 1 }} />
                <FormikTextField name={`specifications.${index}.value`} label="Value" size="small" sx={{ flex: 2 }} />
                <IconButton aria-label={`Remove specification ${index + 1}`} onClick={() => remove(index)} disabled={values.specifications.length <= 1}>
                  <DeleteOutline />
                </IconButton>
              </Stack>
            ))}
            <Button startIcon={<Add />} onClick={() => push({ name: '', value: '' })} sx={{ alignSelf: 'flex-start' }}>
              Add specification
            </Button>
          </Stack>
        )}
      </FieldArray>
    </Stack>
  );
}
