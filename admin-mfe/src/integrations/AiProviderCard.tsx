import AutoAwesome from '@mui/icons-material/AutoAwesome';
import type { IntegrationsState } from '@dentalmarket/contracts';
import { useTestAiProviderMutation } from './integrationsApi.js';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { CallSummary, Facts, IntegrationCard, SecretState, ServiceTest, type Fact, type Outcome } from './IntegrationParts.js';
import { AI_NOT_CONFIGURED_HINT, formatMs, providerName } from './integrationFormat.js';

/** The AI provider: which one, its model and endpoint, whether its key is set, its last call, and a one-word test generation. */
export function AiProviderCard({ ai }: { ai: IntegrationsState['ai'] }) {
  const [runTest, test] = useTestAiProviderMutation();
  const facts: Fact[] = [{ label: 'Provider', value: providerName(ai) }];
  if (ai.model) facts.push({ label: 'Model', value: ai.model });
  if (ai.base_url) facts.push({ label: 'Endpoint', value: ai.base_url });
  facts.push({ label: 'Last call', value: ai.last_call ? <CallSummary call={ai.last_call} /> : 'No calls yet' });

  const outcome: Outcome | null = test.data
    ? test.data.ok
      ? { severity: 'success', text: `The AI provider answered in ${formatMs(test.data.ms)} ms.` }
      : { severity: 'error', text: test.data.message }
    : test.error
      ? { severity: 'error', text: adminErrorMessage(test.error, 'The AI provider could not be tested.') }
      : null;

  return (
    <IntegrationCard title="AI provider" icon={<AutoAwesome color="secondary" aria-hidden />}>
      <Facts facts={facts} />
      <SecretState label="API key" set={ai.api_key_set} />
      <ServiceTest
        label="Test"
        runningText="Testing the AI provider…"
        running={test.isLoading}
        outcome={outcome}
        onRun={() => void runTest()}
        disabled={!ai.configured}
        hint={ai.configured ? undefined : AI_NOT_CONFIGURED_HINT}
      />
    </IntegrationCard>
  );
}
