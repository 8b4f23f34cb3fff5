import { useEffect, useId, useRef, useState } from 'react';
import { Button, Link, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@dentalmarket/contracts';
import { WEBHOOK_LIMITS } from '@dentalmarket/contracts/webhooks';
import { getApiBaseUrl } from '@dentalmarket/store';
import { IntegrationCard, LoadFailedAlert, LoadingSpinner } from './IntegrationParts.js';
import { useWebhookTest, useWebhookToggle } from './useWebhookCalls.js';
import { DeleteWebhookDialog, RotateWebhookSecretDialog } from './WebhookActionDialogs.js';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog.js';
import { WebhookFormDialog } from './WebhookFormDialog.js';
import { WebhookList } from './WebhookList.js';
import { WebhookSecretDialog, type IssuedWebhookSecret } from './WebhookSecretDialog.js';
import { useGetWebhooksQuery } from './webhooksApi.js';

export const WEBHOOKS_LOAD_FAILED = 'Could not load the webhook endpoints.';
export const NO_WEBHOOKS = 'No webhook endpoints yet. Add one for each program that should hear of new orders, catalogue changes or service requests as they happen.';

/**
 * Webhooks (issue 35): the addresses the shop POSTs its events to, each signed per the Standard
 * Webhooks specification with the endpoint's own `whsec_` secret. The list, 'Add endpoint', and each
 * endpoint's delivery log, test event, edit, enable/disable, secret rotation and delete. A secret is
 * shown once, in its own dialog, and is held only while that dialog is open.
 */
export function WebhooksCard() {
  const { data: endpoints, error, isError, isLoading, isFetching, refetch } = useGetWebhooksQuery();
  // the form dialog keeps its endpoint while it fades out
  const [form, setForm] = useState<{ open: boolean; endpoint: WebhookEndpoint | null }>({ open: false, endpoint: null });
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<WebhookEndpoint | null>(null);
  const [issued, setIssued] = useState<IssuedWebhookSecret | null>(null);
  const { testing, sendTest } = useWebhookTest();
  const { toggling, toggle } = useWebhookToggle();
  // the endpoint just deleted: once the list no longer has it (nor its buttons, one of which had the focus), the focus goes to 'Add endpoint'
  const [deletedId, setDeletedId] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!deletedId || !endpoints || endpoints.some((endpoint) => endpoint.id === deletedId)) return;
    addButton.current?.focus();
    setDeletedId(null);
  }, [endpoints, deletedId]);
  const limitId = useId();
  const now = Date.now();
  const atLimit = endpoints ? endpoints.length >= WEBHOOK_LIMITS.endpointsMax : false;

  // one render closes the asking dialog and opens the secret's, so the focus goes back to the button that began it once the secret's closes
  const show = (kind: IssuedWebhookSecret['kind'], answer: WebhookEndpointWithSecret | null) => {
    if (answer) setIssued({ kind, ...answer });
  };

  return (
    <IntegrationCard
      title="Webhooks"
      icon={<WebhookIcon color="secondary" aria-hidden />}
      action={
        <Button
          ref={addButton}
          variant="contained"
          startIcon={<Add aria-hidden />}
          disabled={atLimit}
          aria-describedby={atLimit ? limitId : undefined}
          onClick={() => setForm({ open: true, endpoint: null })}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Add endpoint
        </Button>
      }
    >
      <Typography color="text.secondary">
        {'Other software hears of the shop’s events (an order placed, a product changed, an import finished) as they happen: the shop POSTs each one to the endpoints that subscribe to it. Every delivery is signed per the Standard Webhooks specification with the endpoint’s own secret, shown once. The events and their payloads are in the '}
        <Link href={`${getApiBaseUrl()}/docs`}>API documentation</Link>.
      </Typography>
      {atLimit ? (
        <Typography id={limitId} variant="body2">
          {`The shop has ${WEBHOOK_LIMITS.endpointsMax} endpoints, the most it may have: delete one to add another.`}
        </Typography>
      ) : null}
      {isError ? (
        <LoadFailedAlert title={WEBHOOKS_LOAD_FAILED} error={error} retrying={isFetching} onRetry={() => void refetch()} />
      ) : null}
      {isLoading ? (
        <LoadingSpinner label="Loading the webhook endpoints" />
      ) : endpoints && endpoints.length === 0 ? (
        <Typography>{NO_WEBHOOKS}</Typography>
      ) : endpoints ? (
        <WebhookList
          endpoints={endpoints}
          now={now}
          busy={{ toggling, testing }}
          actions={{ onEdit: (endpoint) => setForm({ open: true, endpoint }), onToggle: toggle, onTest: sendTest, onDeliveries: setViewing, onRotate: setRotating, onDelete: setDeleting }}
        />
      ) : null}

      <WebhookFormDialog
        open={form.open}
        endpoint={form.endpoint}
        onClose={(created) => {
          setForm((shown) => ({ ...shown, open: false }));
          show('created', created);
        }}
      />
      <RotateWebhookSecretDialog
        target={rotating}
        onClose={() => setRotating(null)}
        onRotated={(rotated) => {
          setRotating(null);
          show('rotated', rotated);
        }}
      />
      <DeleteWebhookDialog target={deleting} onClose={() => setDeleting(null)} onDeleted={(endpoint) => setDeletedId(endpoint.id)} />
      <WebhookDeliveriesDialog endpoint={viewing} onClose={() => setViewing(null)} />
      <WebhookSecretDialog issued={issued} onDone={() => setIssued(null)} />
    </IntegrationCard>
  );
}
