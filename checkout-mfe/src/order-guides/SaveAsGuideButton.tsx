import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router';
import type { Order } from '@dentalmarket/contracts';
import { useCreateOrderGuideMutation } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { apiMessage } from '../practice/practiceMessages.js';
import { GuideNameForm } from './GuideDialogs.js';

/**
 * 'Save as order guide' on one of the practice's orders (issue 36): a new guide, named as the shopper
 * says, with the order's products and quantities; then its page.
 */
export function SaveAsGuideButton({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [create, { isLoading }] = useCreateOrderGuideMutation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const submit = async (name: string) => {
    try {
      const guide = await create({ name, from_order: order.number }).unwrap();
      enqueueSnackbar(toastMessage('Order guide created', `“${name}” has the ${guide.line_count === 1 ? 'product' : `${guide.line_count} products`} of order ${order.number}.`), {
        variant: 'success',
      });
      navigate(`/order-guides/${guide.id}`);
      return null;
    } catch (error) {
      return apiMessage(error, 'The guide could not be created. Please try again.');
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<PlaylistAddOutlined />} onClick={() => setOpen(true)} aria-haspopup="dialog" sx={{ flexShrink: 0 }}>
        Save as order guide
      </Button>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} aria-labelledby="save-guide-title" fullWidth maxWidth="xs">
          <DialogTitle id="save-guide-title">Save as order guide</DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>
            <Typography sx={{ mb: 2 }}>The guide gets this order's products and quantities. Everyone in your practice can use it.</Typography>
            <GuideNameForm id="save-guide-form" label="Name of the guide" initial={`Order ${order.number}`} submitLabel="Save order guide" busy={isLoading} onSubmit={submit} onCancel={() => setOpen(false)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" form="save-guide-form" variant="contained" disabled={isLoading}>
              Save order guide
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
