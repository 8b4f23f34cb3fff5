import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import AlertTitle from '@mui/material/AlertTitle';
import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { OrderGuide, OrderGuideLine } from '@dentalmarket/contracts';
import { errorText, useGetOrderGuideQuery, useRemoveOrderGuideLineMutation, useUpdateOrderGuideLineMutation } from '@dentalmarket/store';
import { PageSpinner, toastMessage } from '@dentalmarket/ui';
import { formatDay } from '../orders/orderFormat.js';
import { apiMessage } from '../practice/practiceMessages.js';
import { DeleteGuideDialog, RenameGuideDialog } from './GuideDialogs.js';
import { OrderGuideLines, skippedText, type LineActions } from './OrderGuideLines.js';
import { useAddGuideToCart } from './useAddGuideToCart.js';

/** The :id of /order-guides/:id as a number, or null for anything that cannot be a guide's id. */
export function guideIdFromPath(pathname: string): number | null {
  const segment = pathname.split('/')[2] ?? '';
  return /^[1-9]\d{0,9}$/.test(segment) && Number(segment) <= 2_147_483_647 ? Number(segment) : null;
}

export function BackToGuides() {
  return (
    <Button component={RouterLink} to="/order-guides" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
      Back to order guides
    </Button>
  );
}

function GuideNotFound() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <ListAltOutlined sx={{ fontSize: 64, color: 'text.disabled', mb: 2 }} />
      <Typography variant="h2" component="h1" gutterBottom>
        Order guide not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is no order guide with this address in your practice. It may have been deleted.
      </Typography>
      <Button component={RouterLink} to="/order-guides" variant="contained">
        Your order guides
      </Button>
    </Box>
  );
}

function Products({ guide, children }: { guide: OrderGuide; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby="guide-products">
      <CardContent>
        <Typography id="guide-products" variant="h3" component="h2" gutterBottom>
          Products
        </Typography>
        {guide.lines.length === 0 ? (
          <Box sx={{ py: 2 }}>
            <Typography sx={{ mb: 2 }}>This guide has no products yet. Add them from the marketplace with “Add to list”, on a product or its page.</Typography>
            <Button component={RouterLink} to="/marketplace?type=equipment" variant="outlined">
              Browse equipment
            </Button>
          </Box>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

/** Quantity, place and removal of a guide's lines, each said in a toast when the server refuses it. */
function useLineActions(guide: OrderGuide): LineActions {
  const [update] = useUpdateOrderGuideLineMutation();
  const [removeLine] = useRemoveOrderGuideLineMutation();
  const { enqueueSnackbar } = useSnackbar();
  const refused = (title: string) => (error: unknown) => enqueueSnackbar(toastMessage(title, apiMessage(error, 'Please try again.')), { variant: 'error' });
  return {
    setQuantity: (line: OrderGuideLine, quantity: number) => void update({ id: guide.id, lineId: line.id, quantity }).unwrap().catch(refused('Could not change the quantity')),
    move: (line: OrderGuideLine, position: number) => {
      if (position < 0 || position >= guide.lines.length) return;
      void update({ id: guide.id, lineId: line.id, position }).unwrap().catch(refused('Could not move the line'));
    },
    remove: (line: OrderGuideLine) =>
      void removeLine({ id: guide.id, lineId: line.id })
        .unwrap()
        .then(() => enqueueSnackbar(toastMessage('Removed from the guide', line.name), { variant: 'success' }))
        .catch(refused('Could not remove the line')),
  };
}

function Guide({ guide }: { guide: OrderGuide }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const { addAll, isLoading, skipped } = useAddGuideToCart();
  const actions = useLineActions(guide);
  const lines = guide.lines.length;
  return (
    <Box component="article" aria-labelledby="guide-heading" sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id="guide-heading" variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {guide.name}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {`${lines} ${lines === 1 ? 'product' : 'products'} · changed on ${formatDay(guide.updated_at)}${guide.updated_by ? ` by ${guide.updated_by}` : ''}`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
          <Button variant="contained" startIcon={<AddShoppingCartOutlined />} onClick={() => addAll(guide.id)} disabled={isLoading || lines === 0}>
            Add all to cart
          </Button>
          <Button variant="outlined" onClick={() => setDialog('rename')}>
            Rename
          </Button>
          <Button variant="outlined" color="error" onClick={() => setDialog('delete')}>
            Delete
          </Button>
        </Stack>
      </Stack>
      {skipped.length > 0 ? (
        <Alert severity="warning" role="status" aria-labelledby="guide-skipped">
          <AlertTitle id="guide-skipped">{`Not added to the cart (${skipped.length})`}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {skipped.map((line) => (
              <li key={line.line_id}>{`${skippedText(line)}.`}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <Products guide={guide}>
        <OrderGuideLines guide={guide} actions={actions} />
      </Products>
      {dialog === 'rename' ? <RenameGuideDialog guide={guide} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? <DeleteGuideDialog guide={guide} onClose={() => setDialog(null)} onDeleted={() => navigate('/order-guides', { replace: true })} /> : null}
    </Box>
  );
}

/** /order-guides/:id (signed in; the shell's route guard sends guests to /auth): one of the practice's order guides, to edit and add to the cart. */
export default function OrderGuidePage() {
  const id = guideIdFromPath(useLocation().pathname);
  const { data, error, isLoading, refetch } = useGetOrderGuideQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });
  if (id === null || (error && 'status' in error && (error.status === 404 || error.status === 400))) {
    return (
      <Box>
        <BackToGuides />
        <GuideNotFound />
      </Box>
    );
  }
  if (isLoading) return <PageSpinner label="Loading order guide" />;
  if (!data) {
    return (
      <Box>
        <BackToGuides />
        <Typography variant="h2" component="h1" gutterBottom>
          Order guide
        </Typography>
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
          The order guide could not be loaded ({errorText(error)}).
        </Alert>
      </Box>
    );
  }
  return (
    <Box>
      <BackToGuides />
      <Guide guide={data} />
    </Box>
  );
}
