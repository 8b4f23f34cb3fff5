import { forwardRef, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { type Order, type OrderLine, taxExemptReason } from '@dentalmarket/contracts';
import { selectCurrentUser, useAppSelector } from '@dentalmarket/store';
import { AddressBlock } from '@dentalmarket/ui';
import { SaveAsGuideButton } from '../order-guides/SaveAsGuideButton.js';
import { Totals } from '../checkout/Totals.js';
import { InvoiceDownload, InvoiceStatus } from './InvoiceStatus.js';
import { formatDay, formatMoment, money } from './orderFormat.js';
import { OrderStatusChip } from './OrderStatusChip.js';
import { StatusHistory } from './StatusHistory.js';
import { useBuyAgain } from './useBuyAgain.js';

type Level = 1 | 2;
const tag = (level: number) => `h${level}` as 'h1' | 'h2' | 'h3';

/** A card that is a region named by its heading. */
function Section({ id, title, level, children }: { id: string; title: string; level: number; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={id} variant="h3" component={tag(level)} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The line's picture, decorative (the name is beside it); a small icon where there is none, as the catalogue's placeholder text would not fit. */
function LineImage({ line }: { line: OrderLine }) {
  const [broken, setBroken] = useState(false);
  const box = { width: 64, height: 48, borderRadius: 1, flexShrink: 0 } as const;
  if (!line.image_url || broken) {
    return (
      <Box aria-hidden sx={{ ...box, bgcolor: 'action.hover', color: 'text.secondary', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <ImageNotSupportedOutlined />
      </Box>
    );
  }
  return <Box component="img" src={line.image_url} alt="" onError={() => setBroken(true)} sx={{ ...box, objectFit: 'cover' }} />;
}

function Line({ line }: { line: OrderLine }) {
  return (
    <Box component="li" aria-label={line.name} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
      <LineImage line={line} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {line.manufacturer}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {money(line.unit_price)} × {line.quantity}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{money(line.line_total)}</Typography>
    </Box>
  );
}

/**
 * One order (issue 18): its lines as ordered (snapshots), the shipping address, the totals, the
 * status with its history, 'Buy again', and (the signed-in shopper's page) 'Save as order guide'. The signed-in shopper's page shows it under an h1;
 * the guest's lookup shows it under the form, so its heading is an h2 there (`level`). The heading
 * takes focus when a page moves it there.
 */
export const OrderDetails = forwardRef<HTMLHeadingElement, { order: Order; level: Level }>(function OrderDetails({ order, level }, headingRef) {
  const { buyAgain, isFetching } = useBuyAgain();
  // issue 36: the signed-in shopper's own page (a guest's lookup is level 2) keeps the order as a practice's guide
  const shopper = useAppSelector(selectCurrentUser)?.role === 'customer' && level === 1;
  const { shipping } = order;
  return (
    <Box component="article" aria-labelledby="order-heading" sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography ref={headingRef} id="order-heading" tabIndex={-1} variant="h2" component={tag(level)} sx={{ overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}>
            Order {order.number}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }} useFlexGap>
            <Typography color="text.secondary">
              {order.status === 'awaiting_approval' || order.status === 'declined' || order.status === 'expired' ? 'Submitted' : 'Placed'} on {formatDay(order.created_at)}
              {order.placed_by ? ` by ${order.placed_by}` : ''}
              {order.approved_by ? ` · approved by ${order.approved_by}` : ''}
            </Typography>
            <OrderStatusChip status={order.status} />
          </Stack>
          {order.po_number ? <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>PO number: {order.po_number}</Typography> : null}
          <InvoiceStatus order={order} />
          {order.approval_expires_at ? (
            <Typography sx={{ mt: 0.5 }} color="text.secondary">
              Awaiting an owner&apos;s approval · expires {formatMoment(order.approval_expires_at)}
            </Typography>
          ) : null}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
          {shopper ? <SaveAsGuideButton order={order} /> : null}
          {level === 1 ? <InvoiceDownload order={order} /> : null}
          <Button variant="contained" startIcon={<AddShoppingCartOutlined />} onClick={() => buyAgain(order)} disabled={isFetching} sx={{ flexShrink: 0 }}>
            Buy again
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Section id="order-items" title="Items" level={level + 1}>
          <Stack component="ul" divider={<Divider flexItem component="li" aria-hidden />} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {order.lines.map((line) => (
              <Line key={line.product_id} line={line} />
            ))}
          </Stack>
        </Section>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Section id="order-totals" title="Order total" level={level + 1}>
            <Totals
              subtotal={money(order.subtotal)}
              shipping={money(order.shipping_cost)}
              tax={money(order.tax)}
              total={money(order.total)}
              taxNote={order.tax_exempt_certificate ? taxExemptReason(order.tax_exempt_certificate, order.tax_exempt_until ?? '') : null}
            />
          </Section>
          <Section id="order-address" title="Shipping address" level={level + 1}>
            <AddressBlock shipping={shipping} />
          </Section>
          <Section id="order-history" title="Status history" level={level + 1}>
            <StatusHistory order={order} />
          </Section>
        </Box>
      </Box>
    </Box>
  );
});
