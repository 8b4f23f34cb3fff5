import { Stack, Typography } from '@mui/material';
import type { AdminPracticeRow } from '@dentalmarket/contracts/admin-practices';
import { DetailDrawer, DetailRow, DrawerLoading, DrawerSection, useLastShown } from '../../dashboard/DetailDrawer.js';
import { formatDateTime } from '../../orders/orderFormat.js';
import { CustomerStatusChip } from '../CustomerStatusChip.js';
import { formatDate } from '../customerFormat.js';
import { PracticeExemptionSection } from '../PracticeExemptionSection.js';
import { PracticeTermsSection } from '../PracticeTermsSection.js';
import { PracticeAccountActions } from './PracticeAccountActions.js';
import { PracticePeopleSection } from './PracticePeopleSection.js';
import { PracticeInvoicesSection, PracticeOrdersSection } from './PracticeRecords.js';
import { ownersLabel } from './practiceFormat.js';
import { useGetAdminPracticeQuery } from './practicesApi.js';

export interface PracticeDrawerProps {
  /** the grid's row of the practice shown; null closes the drawer */
  practice: AdminPracticeRow | null;
  onClose: () => void;
  onClosed: () => void;
}

/**
 * One practice from the practices grid, named by its name: its status with 'Disable practice' /
 * 'Enable practice', its people, its orders and invoices (paged), its payment terms and its tax exemption.
 */
export function PracticeDrawer({ practice, onClose, onClosed }: PracticeDrawerProps) {
  const shown = useLastShown(practice);
  const { data, isError } = useGetAdminPracticeQuery(shown?.id ?? 0, { skip: shown === null });

  return (
    <DetailDrawer open={practice !== null} title={shown?.name} closeLabel="Close practice" onClose={onClose} onClosed={onClosed}>
      {data && data.id === shown?.id ? (
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <CustomerStatusChip disabledAt={data.disabled_at} />
            <PracticeAccountActions practice={data} />
          </Stack>
          <DrawerSection title="Practice">
            <Stack spacing={0.5}>
              <DetailRow label="Owners" value={ownersLabel(data) || '—'} />
              <DetailRow label="Phone" value={data.phone ?? '—'} />
              <DetailRow label="Tax id" value={data.tax_id ?? '—'} />
              <DetailRow label="Created" value={formatDate(data.created_at)} />
              {data.disabled_at ? <DetailRow label="Disabled" value={formatDateTime(data.disabled_at)} /> : null}
            </Stack>
          </DrawerSection>
          <PracticePeopleSection practice={data} />
          <PracticeOrdersSection practiceId={data.id} />
          <PracticeInvoicesSection practiceId={data.id} />
          <PracticeTermsSection practiceId={data.id} />
          <PracticeExemptionSection practiceId={data.id} />
        </Stack>
      ) : isError ? (
        <Typography color="error">Failed to fetch the practice</Typography>
      ) : (
        <DrawerLoading label="Loading practice" />
      )}
    </DetailDrawer>
  );
}
