import { Chip } from '@mui/material';
import type { ServiceRequestStatus } from '@dentalmarket/contracts';
import { STATUS_COLORS, STATUS_LABELS } from './serviceRequestFormat.js';

export function ServiceRequestStatusChip({ status }: { status: ServiceRequestStatus }) {
  return <Chip size="small" variant="outlined" label={STATUS_LABELS[status]} color={STATUS_COLORS[status]} />;
}
