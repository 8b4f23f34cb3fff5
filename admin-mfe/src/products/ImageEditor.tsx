import { useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import FormHelperText from '@mui/material/FormHelperText';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Link from '@mui/icons-material/Link';
import { useFormikContext } from 'formik';
import { useSnackbar } from 'notistack';
import { IMAGE_MIME_TYPES, LIMITS } from '@dentalmarket/contracts';
import { statusText, useUploadImageMutation } from '@dentalmarket/store';
import { ProductImage, toastMessage } from '@dentalmarket/ui';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { imageUrlProblem, type ProductFormValues } from './productForm.js';

const MAX_BYTES = LIMITS.imageMaxBytes;

/**
 * SPEC §5 Image upload: an upload mode (JPEG, PNG, GIF or WebP, 5 MB at most, checked here for a
 * quick answer and again by the server on the bytes) and a URL mode, starting in URL mode when the
 * product already has an image URL (or one is typed). The preview shows 'Image Not Found' for a
 * broken URL. The typed URL is a form value (image_url_input): it survives a change of tab, and a
 * save sets it when 'Set URL' was not pressed (issue 32).
 */
export function ImageEditor() {
  const { values, setFieldValue, errors, submitCount } = useFormikContext<ProductFormValues>();
  const { enqueueSnackbar } = useSnackbar();
  const [mode, setMode] = useState<'upload' | 'url'>(values.image_url || values.image_url_input ? 'url' : 'upload');
  const [upload, { isLoading }] = useUploadImageMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const toast = (title: string, description: string, variant: 'success' | 'error') =>
    enqueueSnackbar(toastMessage(title, description), { variant });

  const setImage = (url: string, type: string) => {
    void setFieldValue('image_url', url);
    void setFieldValue('image_type', type);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      toast('Invalid file type', 'Please select an image file (JPEG, PNG, GIF, WebP).', 'error');
      return;
    }
    if (file.size > MAX_BYTES) {
      toast('File too large', 'Maximum file size is 5MB.', 'error');
      return;
    }
    try {
      const result = await upload(file).unwrap();
      setImage(result.imageUrl, result.imageType);
      void setFieldValue('image_url_input', result.imageUrl);
      toast('Upload successful', 'The image is ready; save the product to keep it.', 'success');
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      toast('Upload failed', typeof status === 'number' ? `Upload failed: ${statusText(status)}` : 'There was an error uploading your image.', 'error');
    }
  };

  const applyUrl = () => {
    const url = values.image_url_input.trim();
    const problem = imageUrlProblem(url);
    if (problem) {
      toast('Invalid URL', problem, 'error');
      return;
    }
    setImage(url, '');
    toast('Image URL updated', url.length > 80 ? `${url.slice(0, 77)}...` : url, 'success');
  };

  // an emptied field goes back to the set URL on leaving URL mode: only typed text is kept for the save
  const changeMode = (next: 'upload' | 'url') => {
    if (next === 'upload' && !values.image_url_input.trim()) void setFieldValue('image_url_input', values.image_url);
    setMode(next);
  };

  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Product Image *
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ width: { xs: '100%', sm: 180 }, flexShrink: 0, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <ProductImage src={values.image_url || null} alt={values.name || 'Product image'} height={135} />
        </Box>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_e, next) => next && changeMode(next)} aria-label="Image source">
            <ToggleButton value="upload">
              <CloudUpload fontSize="small" sx={{ mr: 0.5 }} /> Upload
            </ToggleButton>
            <ToggleButton value="url">
              <Link fontSize="small" sx={{ mr: 0.5 }} /> URL
            </ToggleButton>
          </ToggleButtonGroup>
          {mode === 'upload' ? (
            <Box>
              <input ref={fileInput} type="file" accept={IMAGE_MIME_TYPES.join(',')} hidden aria-label="Image file" onChange={onFile} />
              <Button variant="outlined" startIcon={<CloudUpload />} onClick={() => fileInput.current?.click()} disabled={isLoading}>
                {isLoading ? 'Uploading...' : 'Choose image'}
              </Button>
              <FormHelperText>JPEG, PNG, GIF or WebP, up to 5MB.</FormHelperText>
            </Box>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <FormikTextField
                name="image_url_input"
                size="small"
                fullWidth
                label="Image URL"
                inputMode="url"
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    applyUrl();
                  }
                }}
                slotProps={{ htmlInput: { maxLength: 2048 } }}
              />
              <Button variant="outlined" onClick={applyUrl} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                Set URL
              </Button>
            </Stack>
          )}
          {submitCount > 0 && errors.image_url ? <FormHelperText error>{errors.image_url}</FormHelperText> : null}
          {!values.image_url ? <FormHelperText>Without an image the product shows the placeholder picture.</FormHelperText> : null}
        </Stack>
      </Stack>
    </Box>
  );
}
