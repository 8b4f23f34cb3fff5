import { Typography } from '@mui/material';
import type { ApiKey, ApiKeyWithSecret } from '@dentalmarket/contracts';
import { previousSecretText } from './apiKeyFormat.js';
import { SecretOnceDialog, type SecretDialogText } from './SecretOnceDialog.js';

export { COPY_FALLBACK, SECRET_WARNING } from './SecretOnceDialog.js';

export const SECRET_TITLES = { created: 'Your new API key', rolled: 'Your new secret' } as const;

/** A secret the API just sent, after a create or a roll. */
export interface IssuedSecret extends ApiKeyWithSecret {
  kind: 'created' | 'rolled';
}

/** After a roll: how long the software may still use the old secret. */
function previousSecretLine(key: ApiKey) {
  return previousSecretText(key, Date.now()) ?? 'The previous secret no longer works.';
}

const describe = ({ kind, key }: Omit<IssuedSecret, 'secret'>): SecretDialogText => ({
  title: kind === 'rolled' ? SECRET_TITLES.rolled : SECRET_TITLES.created,
  intro: `${kind === 'rolled' ? 'The new secret of' : 'The secret of'} "${key.name}". Software sends it as “Authorization: Bearer” followed by the secret.`,
  after: kind === 'rolled' ? <Typography>{previousSecretLine(key)}</Typography> : null,
});

/** An API key's secret, shown once after a create or a roll (SecretOnceDialog). */
export function ApiKeySecretDialog({ issued, onDone }: { issued: IssuedSecret | null; onDone: () => void }) {
  return <SecretOnceDialog issued={issued} describe={describe} onDone={onDone} />;
}
