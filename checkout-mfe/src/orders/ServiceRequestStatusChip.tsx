import { Chip } from '@mui/material';
import { SERVICE_REQUEST_STATUS_LABELS, type ServiceRequestStatus } from '@dentalmarket/contracts';

/** The order chips' colours (OrderStatusChip), by the same reading: open, under way, offered, done, ended. */
const COLORS: Record<ServiceRequestStatus, 'default' | 'secondary' | 'primary' | 'success' | 'error'> = {
  new: 'default',
  contacted: 'secondary',
  quoted: 'primary',
  won: 'success',
  lost: 'error',
};

export function ServiceRequestStatusChip({ status }: { status: ServiceRequestStatus }) {
  return <Chip size="small" label={SERVICE_REQUEST_STATUS_LABELS[status]} color={COLORS[status]} variant={status === 'new' ? 'outlined' : 'filled'} />;
}
