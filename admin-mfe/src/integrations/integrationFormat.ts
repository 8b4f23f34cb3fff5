import type { IntegrationsState, LiveSharedModule, RemoteName } from '@dentalmarket/contracts';
import { formatDateTime } from '../orders/orderFormat.js';

export { formatDateTime };

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

/** Each remote by the name the admin knows it by; a remote this screen does not know is shown as the API names it. */
const REMOTE_TITLES: Record<RemoteName, string> = { storefront: 'Storefront', checkout: 'Checkout', admin: 'Admin' };
export const remoteTitle = (name: RemoteName) => REMOTE_TITLES[name] ?? name;

/** A time another build reported (when it was built, when it was checked): one that is not a valid time is shown as it says rather than failing the card. */
export const formatReportedTime = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso || 'Unknown' : formatDateTime(iso));

/** Where a shared module's version comes from. */
export const SOURCE_LABELS: Record<LiveSharedModule['source'], string> = { shell: 'the shell’s copy', own: 'its own copy', unmet: 'unmet' };

export const NOT_LOADED = 'Not loaded: needs a newer shell';

/** What stands out among a remote's shared modules: '2 own copies · 1 unmet', or '' when every one is the shell's. */
export function sharedFlagsText(shared: LiveSharedModule[]): string {
  const own = shared.filter((m) => m.source === 'own').length;
  const unmet = shared.filter((m) => m.source === 'unmet').length;
  return [own ? `${formatCount(own)} own ${own === 1 ? 'copy' : 'copies'}` : '', unmet ? `${formatCount(unmet)} unmet` : ''].filter(Boolean).join(' · ');
}
