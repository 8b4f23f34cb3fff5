import type { WebhookDeliveryAttempt, WebhookDeliveryStatus, WebhookEndpoint } from '@dentalmarket/contracts';
import { formatDateTime } from './integrationFormat.js';

export type WebhookStatus = 'enabled' | 'failing' | 'disabled';

export const WEBHOOK_STATUS_LABELS: Record<WebhookStatus, string> = { enabled: 'Enabled', failing: 'Failing', disabled: 'Disabled' };

/** Outlined chips, readable in light and dark: a failing endpoint is a warning, a disabled one gets nothing. */
export const WEBHOOK_STATUS_COLORS = { enabled: 'success', failing: 'warning', disabled: 'default' } as const satisfies Record<WebhookStatus, string>;

/** Disabled wins: a disabled endpoint is sent nothing, so it is not failing either. */
export function webhookStatus(endpoint: WebhookEndpoint): WebhookStatus {
  if (!endpoint.enabled) return 'disabled';
  return endpoint.failing_since ? 'failing' : 'enabled';
}

/** 'Nov 25, 2026, 6:04 PM by maria'; the admin or key that made it may since be gone. */
export const endpointCreatedText = (endpoint: WebhookEndpoint) => `${formatDateTime(endpoint.created_at)} by ${endpoint.created_by ?? 'a deleted account or key'}`;

export const failingSinceText = (endpoint: WebhookEndpoint) => (endpoint.failing_since ? `Failing since ${formatDateTime(endpoint.failing_since)}` : null);

/** Why a disabled endpoint is sent nothing: the shop's reason (e.g. failing for three days), or the admin's choice. */
export const disabledText = (endpoint: WebhookEndpoint) => (endpoint.disabled_reason ? `Disabled: ${endpoint.disabled_reason}` : 'Disabled: no events are sent to it.');

/** After a rotation, while the previous secret also signs the deliveries. */
export function previousWebhookSecretText(endpoint: WebhookEndpoint, now: number): string | null {
  if (!endpoint.previous_secret_expires_at || Date.parse(endpoint.previous_secret_expires_at) <= now) return null;
  return `The previous secret also signs deliveries until ${formatDateTime(endpoint.previous_secret_expires_at)}`;
}

/** How long a rotated endpoint's previous secret keeps signing beside the new one, by default: a planned change, so the receiver has a day to switch. */
export const ROTATE_GRACE_DEFAULT_HOURS = 24;

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed', cancelled: 'Cancelled' };
export const DELIVERY_STATUS_COLORS = { pending: 'info', succeeded: 'success', failed: 'error', cancelled: 'default' } as const satisfies Record<WebhookDeliveryStatus, string>;

/** What the receiver answered: its HTTP status, else why none came. */
export const attemptAnswerText = (attempt: WebhookDeliveryAttempt) => (attempt.status_code !== null ? `HTTP ${attempt.status_code}` : 'No answer');
