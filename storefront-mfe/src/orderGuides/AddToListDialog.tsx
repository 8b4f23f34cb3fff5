import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router';
import { ORDER_GUIDE_LIMITS } from '@dentalmarket/contracts/order-guides';
import { errorText, selectCurrentUser, useAddOrderGuideLineMutation, useAppSelector, useCreateOrderGuideMutation, useGetOrderGuidesQuery } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';

export interface AddToListDialogProps {
  product: { id: number; name: string };
  onClose: () => void;
}

/** Guides a page of the dialog's list shows. */
export const GUIDES_PER_PAGE = 20;
const NEW = 'new';
const L = ORDER_GUIDE_LIMITS;

/** The server's message of a refused request, else the fallback. */
function refusal(error: unknown, fallback: string): string {
  const message = (error as { data?: { message?: unknown } } | undefined)?.data?.message;
  if (Array.isArray(message)) return message.join('. ');
  return typeof message === 'string' && message ? message : fallback;
}

function SignInFirst({ product, onClose }: AddToListDialogProps) {
  return (
    <>
      <DialogContent>
        <Typography>{`Order guides are your practice's lists of the products it orders again and again. Sign in to add “${product.name}” to one.`}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button component={RouterLink} to="/auth" variant="contained" onClick={onClose}>
          Sign in
        </Button>
      </DialogActions>
    </>
  );
}

/** The form: which guide (or a new one, named here) and how many. */
function ChooseGuide({ product, onClose }: AddToListDialogProps) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, refetch } = useGetOrderGuidesQuery({ page, limit: GUIDES_PER_PAGE }, { refetchOnMountOrArgChange: true });
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState<{ field: 'name' | 'quantity' | 'form'; text: string } | null>(null);
  const [create, creating] = useCreateOrderGuideMutation();
  const [addLine, adding] = useAddOrderGuideLineMutation();
  const { enqueueSnackbar } = useSnackbar();
  const guides = data?.guides ?? [];
  // the first guide until the shopper picks; a new guide when the practice has none
  const chosen = choice ?? (data ? (guides[0] ? String(guides[0].id) : NEW) : null);
  const pages = data ? Math.max(1, Math.ceil(data.total / GUIDES_PER_PAGE)) : 1;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const count = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || count < 1 || count > L.quantityMax) return setProblem({ field: 'quantity', text: `Quantity must be a whole number from 1 to ${L.quantityMax}` });
    if (chosen === NEW && !name.trim()) return setProblem({ field: 'name', text: 'Name the new guide' });
    if (chosen === NEW && name.trim().length > L.nameMax) return setProblem({ field: 'name', text: `Name must be at most ${L.nameMax} characters` });
    if (!chosen) return;
    setProblem(null);
    try {
      const guide =
        chosen === NEW
          ? await create({ name: name.trim(), lines: [{ product_id: product.id, quantity: count }] }).unwrap()
          : await addLine({ id: Number(chosen), product_id: product.id, quantity: count }).unwrap();
      enqueueSnackbar(toastMessage('Added to order guide', `${product.name} is on “${guide.name}”.`), { variant: 'success' });
      onClose();
    } catch (failure) {
      const text = refusal(failure, 'The product could not be added. Please try again.');
      setProblem({ field: chosen === NEW && /named/.test(text) ? 'name' : 'form', text });
    }
  };

  if (isLoading) return <DialogContent>Loading your order guides…</DialogContent>;
  if (!data) {
    return (
      <>
        <DialogContent>
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
            Your order guides could not be loaded ({errorText(error)}).
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  }
  return (
    <>
      <DialogContent dividers>
        <Box component="form" id="add-to-list-form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{product.name}</Typography>
          {problem?.field === 'form' ? <Alert severity="error">{problem.text}</Alert> : null}
          <FormControl>
            <FormLabel id="add-to-list-guides">Order guide</FormLabel>
            <RadioGroup aria-labelledby="add-to-list-guides" name="guide" value={chosen ?? ''} onChange={(event) => setChoice(event.target.value)}>
              {guides.map((guide) => (
                <FormControlLabel
                  key={guide.id}
                  value={String(guide.id)}
                  control={<Radio />}
                  label={`${guide.name} (${guide.line_count} ${guide.line_count === 1 ? 'product' : 'products'})`}
                  sx={{ overflowWrap: 'anywhere' }}
                />
              ))}
              <FormControlLabel value={NEW} control={<Radio />} label="A new order guide" />
            </RadioGroup>
            {pages > 1 ? (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Button size="small" disabled={page === 1} onClick={() => setPage(page - 1)}>
                  Previous guides
                </Button>
                <Typography variant="body2" color="text.secondary">{`Page ${page} of ${pages}`}</Typography>
                <Button size="small" disabled={page === pages} onClick={() => setPage(page + 1)}>
                  More guides
                </Button>
              </Box>
            ) : null}
          </FormControl>
          {chosen === NEW ? (
            <TextField
              label="Name of the new guide"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={problem?.field === 'name'}
              helperText={problem?.field === 'name' ? problem.text : undefined}
              autoFocus
            />
          ) : null}
          <TextField
            label="Quantity"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            error={problem?.field === 'quantity'}
            helperText={problem?.field === 'quantity' ? problem.text : 'How many the practice usually orders'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: 240 }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="add-to-list-form" variant="contained" disabled={creating.isLoading || adding.isLoading}>
          Add to list
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * 'Add to list' (issue 36): puts a product on one of the practice's order guides, or on a new one,
 * with a quantity. Signed out, it asks the shopper to sign in; an admin account has no practice.
 */
export default function AddToListDialog({ product, onClose }: AddToListDialogProps) {
  const user = useAppSelector(selectCurrentUser);
  return (
    <Dialog open onClose={onClose} aria-labelledby="add-to-list-title" fullWidth maxWidth="xs">
      <DialogTitle id="add-to-list-title">Add to an order guide</DialogTitle>
      {!user ? <SignInFirst product={product} onClose={onClose} /> : null}
      {user?.role === 'admin' ? (
        <>
          <DialogContent>
            <Typography>Order guides belong to practices: an admin account has none.</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : null}
      {user?.role === 'customer' ? <ChooseGuide product={product} onClose={onClose} /> : null}
    </Dialog>
  );
}
