import { Chip } from '@mui/material';
import type { OrderStatus } from '@dentalmarket/contracts';
import { STATUS_COLORS, STATUS_LABELS } from './orderFormat.js';

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return <Chip size="small" variant="outlined" label={STATUS_LABELS[status]} color={STATUS_COLORS[status]} />;
}
