import type { IntegrationsState } from '@dentalmarket/contracts';

export { formatDateTime } from '../orders/orderFormat.js';

/** A count as the admin reads it ('1,234'). */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A call's duration in whole milliseconds ('1,234'), without the unit. */
export const formatMs = (ms: number) => formatCount(Math.round(ms));

const PROVIDER_NAMES: Record<string, string> = { gemini: 'Gemini', openai: 'OpenAI-compatible' };

/** The AI provider by its product name; a provider this screen does not know is shown as the API names it. */
export function providerName(ai: IntegrationsState['ai']): string {
  if (!ai.configured || !ai.provider) return 'Not configured';
  return PROVIDER_NAMES[ai.provider] ?? ai.provider;
}

/** Where emails go: the SMTP server, or the development file sink. */
export function transportText(email: IntegrationsState['email']): string {
  return email.transport === 'smtp' ? `SMTP server ${email.target}` : `Files in ${email.target} (SMTP_URL is not set)`;
}

/** The email queues' depth: '1 email waiting', '12 emails waiting'. */
export const queueDepthText = (n: number) => `${formatCount(n)} ${n === 1 ? 'email' : 'emails'} waiting`;

/** Why 'Test' is off when no provider is set up: the server's environment decides it (docs/operations.md, Configuration). */
export const AI_NOT_CONFIGURED_HINT = 'No AI provider is configured: set GEMINI_API_KEY, or OPENAI_BASE_URL (and OPENAI_API_KEY if the server needs one), in the API’s environment.';
