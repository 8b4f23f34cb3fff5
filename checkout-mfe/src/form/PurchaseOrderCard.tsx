import { Alert, Card, CardContent, Typography } from '@mui/material';
import { formatUsd, type Practice, toCents } from '@dentalmarket/contracts';
import { selectCurrentUser, useAppSelector } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { PO_NUMBER_RULES } from '@dentalmarket/contracts/practices';
import { useGetPracticeQuery } from '../practice/practiceApi.js';
import { money } from '../orders/orderFormat.js';

/** The signed-in shopper's practice, for its ordering settings (issue 36); undefined for a guest or an admin. */
export function usePracticeOrdering(): Practice | undefined {
  const user = useAppSelector(selectCurrentUser);
  const { data } = useGetPracticeQuery(undefined, { skip: user?.role !== 'customer' });
  return user?.role === 'customer' ? data : undefined;
}

/** What the member's order will need, from the practice's approval rule: said before they submit. */
function approvalNote(practice: Practice): string | null {
  if (!practice.approvals_enabled || practice.my_role === 'owner') return null;
  if (practice.my_role === 'assistant') return "Your order will be submitted for an owner's approval: it is placed when an owner of your practice approves it.";
  return practice.approval_threshold === null ? null : `Orders over ${money(practice.approval_threshold)} are submitted for an owner's approval before they are placed.`;
}

/**
 * Issue 36: a practice member's checkout has the practice's purchase-order number (required when the
 * practice says so) and, when their order will need an owner's approval, says so before they submit.
 */
export function PurchaseOrderCard({ practice }: { practice: Practice }) {
  const note = approvalNote(practice);
  return (
    <Card component="section" aria-labelledby="po-heading">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="po-heading" variant="h3" component="h2">
          Purchase Order
        </Typography>
        <FormikTextField
          name="poNumber"
          label={practice.po_required ? 'PO number' : 'PO number (optional)'}
          helperText={practice.po_required ? `Your practice requires a PO number on every order (up to ${PO_NUMBER_RULES.max} characters)` : `Up to ${PO_NUMBER_RULES.max} characters`}
          autoComplete="off"
        />
        {note ? <Alert severity="info">{note}</Alert> : null}
      </CardContent>
    </Card>
  );
}

/** Issue 36: in place of the card form, a practice on invoice terms is told how it pays and what credit is left. */
export function InvoiceCard({ practice }: { practice: Practice }) {
  const left = Math.max(0, toCents(practice.credit_limit ?? '0') - toCents(practice.open_balance ?? '0'));
  return (
    <Card component="section" aria-labelledby="payment-heading">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography id="payment-heading" variant="h3" component="h2">
          Payment Information
        </Typography>
        <Typography>
          Paid by invoice: payment is due {practice.net_days} days after the order is placed. No card is needed.
        </Typography>
        <Typography color="text.secondary">
          Remaining credit: {formatUsd(left)} of {money(practice.credit_limit ?? '0')}.
        </Typography>
      </CardContent>
    </Card>
  );
}
