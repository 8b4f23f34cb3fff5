import { Button, Stack, TextField } from '@mui/material';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { GeneratedProduct } from '@dentalmarket/contracts';

const specsText = (specs: GeneratedProduct['specifications']) => specs.map((s) => `${s.label}: ${s.value}`).join('\n');
const specsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => /^([^:]+):(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ label: m[1].trim(), value: m[2].trim() }));

/** The generated product, editable before it is saved (SPEC §2 AI panel preview). */
export function GeneratedPreview({ product, onChange, onSave, saving, extra }: { product: GeneratedProduct; onChange: (next: GeneratedProduct) => void; onSave: () => void; saving: boolean; extra?: React.ReactNode }) {
  const text = (key: 'name' | 'shortDescription' | 'description' | 'imageDescription' | 'brand' | 'productUrl', label: string, multiline = false) => (
    <TextField label={label} size="small" fullWidth multiline={multiline} minRows={multiline ? 2 : undefined} value={product[key] ?? ''} onChange={(e) => onChange({ ...product, [key]: e.target.value })} />
  );
  return (
    <Stack spacing={1.5} aria-label="Generated product preview" role="region">
      {text('name', 'Name')}
      {text('shortDescription', 'Short description', true)}
      {text('description', 'Description', true)}
      <TextField label="Price" size="small" value={String(product.price)} onChange={(e) => onChange({ ...product, price: e.target.value })} />
      <TextField
        label="Specifications (one 'label: value' per line)"
        size="small"
        multiline
        minRows={2}
        value={specsText(product.specifications)}
        onChange={(e) => onChange({ ...product, specifications: specsOf(e.target.value) })}
      />
      <TextField
        label="Features (one per line)"
        size="small"
        multiline
        minRows={2}
        value={product.features.join('\n')}
        onChange={(e) => onChange({ ...product, features: e.target.value.split('\n') })}
      />
      {text('imageDescription', 'Image description', true)}
      {text('brand', 'Brand')}
      {text('productUrl', 'Product URL')}
      <FormControlLabel control={<Switch checked={Boolean(product.recommended)} onChange={(e) => onChange({ ...product, recommended: e.target.checked })} />} label="Recommended (featured)" />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {extra}
        <Button variant="contained" onClick={onSave} disabled={saving}>
          {saving ? 'Saving...' : 'Save Product'}
        </Button>
      </Stack>
    </Stack>
  );
}
