import { useId, type ReactNode } from 'react';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import Autorenew from '@mui/icons-material/Autorenew';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import History from '@mui/icons-material/History';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import SendOutlined from '@mui/icons-material/SendOutlined';
import type { WebhookEndpoint } from '@dentalmarket/contracts';
import { WEBHOOK_EVENT_TYPES } from '@dentalmarket/contracts/webhooks';
import { BusyButton, Facts, IconLine, ItemCard, ItemList } from './IntegrationParts.js';
import { disabledText, endpointCreatedText, failingSinceText, previousWebhookSecretText, WEBHOOK_STATUS_COLORS, WEBHOOK_STATUS_LABELS, webhookStatus } from './webhookFormat.js';

const mono = { fontFamily: 'monospace', fontSize: '0.9rem' } as const;

export interface WebhookActions {
  onEdit: (endpoint: WebhookEndpoint) => void;
  onToggle: (endpoint: WebhookEndpoint) => void;
  onTest: (endpoint: WebhookEndpoint) => void;
  onDeliveries: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

/** The ids of the endpoints whose enable/disable or test event is under way: their buttons show a spinner, and a second press does nothing. */
export interface WebhookBusy {
  toggling: ReadonlySet<string>;
  testing: ReadonlySet<string>;
}

/** The events an endpoint gets: each by its name, or one chip when it gets them all. */
function EventChips({ endpoint }: { endpoint: WebhookEndpoint }) {
  const all = WEBHOOK_EVENT_TYPES.every((event) => endpoint.events.includes(event));
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {all ? (
        <Chip component="span" size="small" variant="outlined" label={`All ${WEBHOOK_EVENT_TYPES.length} events`} />
      ) : (
        endpoint.events.map((event) => <Chip key={event} component="span" size="small" variant="outlined" label={event} sx={mono} />)
      )}
    </Box>
  );
}

/** One of an endpoint's buttons: described by the endpoint's URL, so a list of the page's buttons says which endpoint it acts on. */
function ActionButton({ icon, describedBy, onClick, busy = false, color, children }: { icon: ReactNode; describedBy: string; onClick: () => void; busy?: boolean; color?: 'error'; children: ReactNode }) {
  return (
    <BusyButton size="small" color={color} busy={busy} icon={icon} aria-describedby={describedBy} onClick={onClick}>
      {children}
    </BusyButton>
  );
}

/**
 * One endpoint: a list item named by its URL (ItemCard). Why it is disabled
 * and since when it fails stand out as alerts over its facts; a disabled one is muted.
 */
function WebhookItem({ endpoint, now, busy, actions }: { endpoint: WebhookEndpoint; now: number; busy: WebhookBusy; actions: WebhookActions }) {
  const nameId = useId();
  const status = webhookStatus(endpoint);
  const failing = failingSinceText(endpoint);
  const previous = previousWebhookSecretText(endpoint, now);
  const toggling = busy.toggling.has(endpoint.id);
  const testing = busy.testing.has(endpoint.id);

  return (
    <ItemCard
      nameId={nameId}
      title={endpoint.url}
      chip={<Chip size="small" variant="outlined" color={WEBHOOK_STATUS_COLORS[status]} label={WEBHOOK_STATUS_LABELS[status]} />}
      muted={status === 'disabled'}
      itemProps={{ 'data-webhook': endpoint.id }}
    >
      {endpoint.description ? (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {endpoint.description}
        </Typography>
      ) : null}
      {/* part of the list's content, not news: an alert role would announce every one at each refresh */}
      {status === 'disabled' ? (
        <Alert severity={endpoint.disabled_reason ? 'error' : 'info'} role="none" sx={{ overflowWrap: 'anywhere' }}>
          {disabledText(endpoint)}
        </Alert>
      ) : null}
      {failing && status !== 'disabled' ? (
        <Alert severity="warning" role="none" sx={{ overflowWrap: 'anywhere' }}>
          {`${failing}. Its deliveries are retried; the delivery log says what the receiver answers.`}
        </Alert>
      ) : null}
      <Facts
        facts={[
          { label: 'Events', value: <EventChips endpoint={endpoint} /> },
          { label: 'Created', value: endpointCreatedText(endpoint) },
        ]}
      />
      {previous ? <IconLine icon={<History fontSize="small" aria-hidden />}>{previous}</IconLine> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ActionButton icon={<ReceiptLong aria-hidden />} describedBy={nameId} onClick={() => actions.onDeliveries(endpoint)}>
          Deliveries
        </ActionButton>
        <ActionButton icon={<SendOutlined aria-hidden />} busy={testing} describedBy={nameId} onClick={() => actions.onTest(endpoint)}>
          Send test event
        </ActionButton>
        <ActionButton icon={<EditOutlined aria-hidden />} describedBy={nameId} onClick={() => actions.onEdit(endpoint)}>
          Edit
        </ActionButton>
        <ActionButton icon={<PowerSettingsNew aria-hidden />} busy={toggling} describedBy={nameId} onClick={() => actions.onToggle(endpoint)}>
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </ActionButton>
        <ActionButton icon={<Autorenew aria-hidden />} describedBy={nameId} onClick={() => actions.onRotate(endpoint)}>
          Rotate secret
        </ActionButton>
        <ActionButton icon={<DeleteOutlined aria-hidden />} describedBy={nameId} color="error" onClick={() => actions.onDelete(endpoint)}>
          Delete
        </ActionButton>
      </Stack>
    </ItemCard>
  );
}

/** The endpoints as a list of small cards (ItemList). */
export function WebhookList({ endpoints, now, busy, actions }: { endpoints: WebhookEndpoint[]; now: number; busy: WebhookBusy; actions: WebhookActions }) {
  return (
    <ItemList label="Webhook endpoints">
      {endpoints.map((endpoint) => (
        <WebhookItem key={endpoint.id} endpoint={endpoint} now={now} busy={busy} actions={actions} />
      ))}
    </ItemList>
  );
}
