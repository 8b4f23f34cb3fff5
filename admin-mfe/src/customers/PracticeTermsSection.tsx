import { useEffect, useState } from 'react';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { PaymentTerms, PracticeTerms } from '@dentalmarket/contracts';
import { toastMessage } from '@dentalmarket/ui';
import { DetailRow, DrawerSection } from '../dashboard/DetailDrawer.js';
import { usd } from '../orders/orderFormat.js';
import { useGetPracticeTermsQuery, useSetPracticeTermsMutation } from './customersApi.js';
import { refusal } from '../dashboard/refusal.js';

const MONEY = /^(0|[1-9][0-9]{0,7})(\.[0-9]{1,2})?$/;


function TermsForm({ practiceId, terms }: { practiceId: number; terms: PracticeTerms }) {
  const [save, { isLoading }] = useSetPracticeTermsMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [kind, setKind] = useState<PaymentTerms>(terms.payment_terms);
  const [days, setDays] = useState(String(terms.net_days ?? 30));
  const [limit, setLimit] = useState(terms.credit_limit ?? '');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setKind(terms.payment_terms);
    setDays(String(terms.net_days ?? 30));
    setLimit(terms.credit_limit ?? '');
  }, [terms]);
  const invoice = kind === 'invoice';
  const daysProblem = invoice && !/^\d+$/.test(days.trim()) ? 'A whole number of days from 1 to 120' : invoice && (Number(days) < 1 || Number(days) > 120) ? 'A whole number of days from 1 to 120' : null;
  const limitProblem = invoice && !MONEY.test(limit.trim()) ? 'An amount such as 5000 or 5000.00' : null;
  const submit = async () => {
    setTried(true);
    if (daysProblem || limitProblem) return;
    try {
      await save(invoice ? { id: practiceId, payment_terms: 'invoice', net_days: Number(days), credit_limit: limit.trim() } : { id: practiceId, payment_terms: 'card' }).unwrap();
      enqueueSnackbar(toastMessage('Payment terms saved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not save the payment terms', refusal(error)), { variant: 'error' });
    }
  };
  return (
    <Stack spacing={2} component="form" aria-label="Payment terms" noValidate onSubmit={(event) => (event.preventDefault(), void submit())}>
      <TextField select size="small" label="Payment" value={kind} onChange={(event) => setKind(event.target.value as PaymentTerms)}>
        <MenuItem value="card">Card at checkout</MenuItem>
        <MenuItem value="invoice">Invoice</MenuItem>
      </TextField>
      {invoice ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField size="small" label="Net days" value={days} onChange={(event) => setDays(event.target.value)} error={tried && daysProblem !== null} helperText={tried && daysProblem ? daysProblem : ' '} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <TextField size="small" label="Credit limit (USD)" value={limit} onChange={(event) => setLimit(event.target.value)} error={tried && limitProblem !== null} helperText={tried && limitProblem ? limitProblem : ' '} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        </Stack>
      ) : null}
      <Stack direction="row">
        <Button type="submit" variant="outlined" disabled={isLoading}>
          Save terms
        </Button>
      </Stack>
    </Stack>
  );
}

/** Issue 36: the customer's practice's payment terms (card, or invoice net N days within a credit limit) and open balance. */
export function PracticeTermsSection({ practiceId }: { practiceId: number }) {
  const { data, isError } = useGetPracticeTermsQuery(practiceId);
  return (
    <DrawerSection title="Payment terms">
      {data ? (
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <DetailRow label="Practice" value={data.name} />
            <DetailRow label="Open balance" value={usd(data.open_balance)} />
          </Stack>
          <TermsForm practiceId={practiceId} terms={data} />
        </Stack>
      ) : (
        <Typography color={isError ? 'error' : 'text.secondary'}>{isError ? 'Failed to fetch the payment terms' : 'Loading payment terms…'}</Typography>
      )}
    </DrawerSection>
  );
}
