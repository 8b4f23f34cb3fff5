import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import TableCell from '@mui/material/TableCell';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { OrderGuideListResponse } from '@dentalmarket/contracts';
import { useCreateOrderGuideMutation, useGetOrderGuidesQuery } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { formatDay } from '../orders/orderFormat.js';
import { ShopperList, wideOnly } from '../orders/ShopperList.js';
import { apiMessage } from '../practice/practiceMessages.js';
import { GuideNameForm } from './GuideDialogs.js';

function NoGuides() {
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <ListAltOutlined sx={{ fontSize: 64, color: 'text.disabled', mb: 2 }} />
        <Typography sx={{ mb: 1 }}>Your practice has no order guides yet.</Typography>
        <Typography color="text.secondary">
          Make one above, add products to it from the marketplace with “Add to list”, or save one of your orders as an order guide from its page.
        </Typography>
      </CardContent>
    </Card>
  );
}

function NewGuide() {
  const [create, { isLoading }] = useCreateOrderGuideMutation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const submit = async (name: string) => {
    try {
      const guide = await create({ name }).unwrap();
      enqueueSnackbar(toastMessage('Order guide created', name), { variant: 'success' });
      navigate(`/order-guides/${guide.id}`);
      return null;
    } catch (error) {
      return apiMessage(error, 'The guide could not be created. Please try again.');
    }
  };
  return (
    <Card component="section" aria-labelledby="new-guide-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="new-guide-heading" variant="h3" component="h2" gutterBottom>
          New order guide
        </Typography>
        <Box sx={{ maxWidth: 480 }}>
          <GuideNameForm id="new-guide-form" label="Name of the guide" submitLabel="Create order guide" busy={isLoading} onSubmit={submit} />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /order-guides (issue 36; signed in, the shell's route guard sends guests to /auth): the practice's
 * order guides by name, a page at a time, and a form to make one. Every member sees and edits them.
 */
export default function OrderGuidesPage() {
  return (
    <Box>
      <Typography variant="h2" component="h1">
        Order guides
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Lists of the products your practice orders again and again, with their usual quantities. Everyone in your practice sees and edits them.
      </Typography>
      <NewGuide />
      <Typography id="guides-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
        Your practice's guides
      </Typography>
      <ShopperList
        name="order guides"
        headingId="guides-heading"
        useList={(page) => useGetOrderGuidesQuery(page, { refetchOnMountOrArgChange: true })}
        rowsOf={(data: OrderGuideListResponse) => ({ rows: data.guides, total: data.total })}
        empty={<NoGuides />}
        head={
          <>
            <TableCell>Guide</TableCell>
            <TableCell align="right">Products</TableCell>
            <TableCell sx={wideOnly}>Last changed</TableCell>
          </>
        }
        rowKey={(guide) => String(guide.id)}
        hover
        cells={(guide) => (
          <>
            <TableCell>
              <Link component={RouterLink} to={`/order-guides/${guide.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {guide.name}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                {formatDay(guide.updated_at)}
              </Typography>
            </TableCell>
            <TableCell align="right">{guide.line_count}</TableCell>
            <TableCell sx={wideOnly}>
              {formatDay(guide.updated_at)}
              {guide.updated_by ? ` by ${guide.updated_by}` : ''}
            </TableCell>
          </>
        )}
      />
    </Box>
  );
}
