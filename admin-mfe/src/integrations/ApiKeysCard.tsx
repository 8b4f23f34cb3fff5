import { useEffect, useId, useState } from 'react';
import { Button, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import VpnKey from '@mui/icons-material/VpnKeyOutlined';
import type { ApiKey, ApiKeyWithSecret } from '@dentalmarket/contracts';
import { API_KEY_LIMITS } from '@dentalmarket/contracts/api-keys';
import { ApiKeyList } from './ApiKeyList.js';
import { RevokeApiKeyDialog, RollApiKeyDialog } from './ApiKeyActionDialogs.js';
import { ApiKeySecretDialog, type IssuedSecret } from './ApiKeySecretDialog.js';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.js';
import { IntegrationCard, LoadFailedAlert, LoadingSpinner } from './IntegrationParts.js';
import { orderApiKeys, unrevokedCount } from './apiKeyFormat.js';
import { useGetApiKeysQuery } from './integrationsApi.js';

export const API_KEYS_LOAD_FAILED = 'Could not load the API keys.';
export const NO_API_KEYS = 'No API keys yet. Create one for each program that calls the shop’s API, so that each can be revoked on its own.';

/**
 * API keys (issue 35): what other software signs its calls to the shop's API with, instead of a
 * person's session. The list, 'Create API key', and each key's 'Roll secret' and 'Revoke'. A secret
 * is shown once, in its own dialog, and is held only while that dialog is open.
 */
export function ApiKeysCard() {
  const { data: keys, error, isError, isLoading, isFetching, refetch } = useGetApiKeysQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  // the key just revoked: once the list shows it revoked (without its buttons), the focus goes to it
  const [revokedId, setRevokedId] = useState<string | null>(null);
  useEffect(() => {
    if (!revokedId || !keys?.some((key) => key.id === revokedId && key.revoked_at)) return;
    for (const item of document.querySelectorAll<HTMLElement>('[data-api-key]')) if (item.dataset.apiKey === revokedId) item.focus();
    setRevokedId(null);
  }, [keys, revokedId]);
  const limitId = useId();
  const now = Date.now();
  const atLimit = keys ? unrevokedCount(keys) >= API_KEY_LIMITS.activeMax : false;

  // one render closes the asking dialog and opens the secret's, so the focus goes back to the button that began it once the secret's closes
  const show = (kind: IssuedSecret['kind'], answer: ApiKeyWithSecret | null) => {
    if (answer) setIssued({ kind, ...answer });
  };

  return (
    <IntegrationCard
      title="API keys"
      icon={<VpnKey color="secondary" aria-hidden />}
      action={
        <Button variant="contained" startIcon={<Add aria-hidden />} disabled={atLimit} aria-describedby={atLimit ? limitId : undefined} onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap' }}>
          Create API key
        </Button>
      }
    >
      <Typography color="text.secondary">
        What other software, such as a supplier’s stock sync or a practice’s system, signs its calls to the shop’s API with instead of a person’s session. A key’s secret is shown once, when it is created or rolled.
      </Typography>
      {atLimit ? (
        <Typography id={limitId} variant="body2">
          {`The shop has ${API_KEY_LIMITS.activeMax} keys that are not revoked, the most it may have: revoke one to create another.`}
        </Typography>
      ) : null}
      {isError ? (
        <LoadFailedAlert title={API_KEYS_LOAD_FAILED} error={error} retrying={isFetching} onRetry={() => void refetch()} />
      ) : null}
      {isLoading ? (
        <LoadingSpinner label="Loading the API keys" />
      ) : keys && keys.length === 0 ? (
        <Typography>{NO_API_KEYS}</Typography>
      ) : keys ? (
        <ApiKeyList keys={orderApiKeys(keys, now)} now={now} onRoll={setRolling} onRevoke={setRevoking} />
      ) : null}

      <CreateApiKeyDialog
        open={creating}
        onClose={(created) => {
          setCreating(false);
          show('created', created);
        }}
      />
      <RevokeApiKeyDialog target={revoking} onClose={() => setRevoking(null)} onRevoked={(key) => setRevokedId(key.id)} />
      <RollApiKeyDialog
        target={rolling}
        onClose={() => setRolling(null)}
        onRolled={(rolled) => {
          setRolling(null);
          show('rolled', rolled);
        }}
      />
      <ApiKeySecretDialog issued={issued} onDone={() => setIssued(null)} />
    </IntegrationCard>
  );
}
