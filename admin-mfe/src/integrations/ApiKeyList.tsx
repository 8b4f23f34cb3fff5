import { useId } from 'react';
import { Box, Button, Chip, Stack } from '@mui/material';
import Autorenew from '@mui/icons-material/Autorenew';
import Block from '@mui/icons-material/Block';
import History from '@mui/icons-material/History';
import type { ApiKey } from '@dentalmarket/contracts';
import { Facts, IconLine, ItemCard, ItemList, type Fact } from './IntegrationParts.js';
import { API_KEY_STATUS_COLORS, API_KEY_STATUS_LABELS, apiKeyStatus, createdText, expiryText, lastUsedText, previousSecretText } from './apiKeyFormat.js';
import { formatDateTime } from './integrationFormat.js';

const mono = { fontFamily: 'monospace', fontSize: '0.9rem' } as const;

export interface ApiKeyActions {
  onRoll: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
}

/**
 * One key: a list item named by its heading (an h4 under the card's). A revoked key is muted (a
 * dashed border on a tinted ground, secondary text) and has no actions; an expired one can still be
 * revoked, to free its place among the keys a shop may have, but not rolled.
 */
function ApiKeyItem({ apiKey, now, onRoll, onRevoke }: { apiKey: ApiKey; now: number } & ApiKeyActions) {
  const nameId = useId();
  const status = apiKeyStatus(apiKey, now);
  const previous = previousSecretText(apiKey, now);
  const facts: Fact[] = [
    { label: 'Prefix', value: <Box component="span" sx={mono}>{apiKey.prefix}</Box> },
    {
      label: 'Scopes',
      value: (
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {apiKey.scopes.map((scope) => (
            <Chip key={scope} component="span" size="small" variant="outlined" label={scope} sx={mono} />
          ))}
        </Box>
      ),
    },
    { label: 'Created', value: createdText(apiKey) },
    { label: 'Last used', value: lastUsedText(apiKey) },
    { label: 'Expiry', value: expiryText(apiKey, now) },
  ];
  if (apiKey.revoked_at) facts.push({ label: 'Revoked on', value: formatDateTime(apiKey.revoked_at) });

  return (
    <ItemCard
      nameId={nameId}
      title={apiKey.name}
      chip={<Chip size="small" variant="outlined" color={API_KEY_STATUS_COLORS[status]} label={API_KEY_STATUS_LABELS[status]} />}
      muted={status === 'revoked'}
      mutedText
      // the focus comes here once the key is revoked: its buttons, one of which had it, are gone
      itemProps={{ tabIndex: -1, 'data-api-key': apiKey.id }}
    >
      <Facts facts={facts} />
      {previous ? <IconLine icon={<History fontSize="small" aria-hidden />}>{previous}</IconLine> : null}
      {status === 'revoked' ? null : (
        // each button is described by the key's name, so a list of the page's buttons says which key it acts on
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {status === 'active' ? (
            <Button size="small" variant="outlined" startIcon={<Autorenew aria-hidden />} aria-describedby={nameId} onClick={() => onRoll(apiKey)}>
              Roll secret
            </Button>
          ) : null}
          <Button size="small" variant="outlined" color="error" startIcon={<Block aria-hidden />} aria-describedby={nameId} onClick={() => onRevoke(apiKey)}>
            Revoke
          </Button>
        </Stack>
      )}
    </ItemCard>
  );
}

/** The keys as a list of small cards, one under the other at every width: nothing to scroll sideways on a phone. */
export function ApiKeyList({ keys, now, ...actions }: { keys: ApiKey[]; now: number } & ApiKeyActions) {
  return (
    <ItemList label="API keys">
      {keys.map((key) => (
        <ApiKeyItem key={key.id} apiKey={key} now={now} {...actions} />
      ))}
    </ItemList>
  );
}
