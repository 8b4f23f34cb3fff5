import MailOutline from '@mui/icons-material/MailOutlined';
import type { IntegrationsState } from '@dentalmarket/contracts';
import { useSendTestEmailMutation } from './integrationsApi.js';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { CallSummary, Facts, IntegrationCard, SecretState, ServiceTest, type Outcome } from './IntegrationParts.js';
import { queueDepthText, transportText } from './integrationFormat.js';

export const TEST_EMAIL_SENT = 'A test email was sent to your address.';

/** Email: where it goes, the sender, the queue, the last error and the last send, and a test email to the signed-in admin. */
export function EmailCard({ email }: { email: IntegrationsState['email'] }) {
  const [sendTest, test] = useSendTestEmailMutation();
  // without SMTP the 'sent' email is a file on the server: say where, so nobody waits for it in a mailbox
  const sent = email.transport === 'file' ? `${TEST_EMAIL_SENT} Without an SMTP server it was written as a file in ${email.target}.` : TEST_EMAIL_SENT;
  const outcome: Outcome | null = test.data
    ? test.data.ok
      ? { severity: 'success', text: sent }
      : { severity: 'error', text: test.data.message }
    : test.error
      ? { severity: 'error', text: adminErrorMessage(test.error, 'The test email could not be sent.') }
      : null;

  return (
    <IntegrationCard title="Email" icon={<MailOutline color="secondary" aria-hidden />}>
      <Facts
        facts={[
          { label: 'Transport', value: transportText(email) },
          { label: 'From', value: email.from },
          { label: 'Queue', value: queueDepthText(email.queue_depth) },
          { label: 'Last error', value: email.last_error ? <CallSummary call={email.last_error} /> : 'No errors' },
          { label: 'Last send', value: email.last_send ? <CallSummary call={email.last_send} /> : 'Nothing sent yet' },
        ]}
      />
      <SecretState label="SMTP credentials" set={email.credentials_set} />
      <ServiceTest label="Send test email" runningText="Sending a test email…" running={test.isLoading} outcome={outcome} onRun={() => void sendTest()} />
    </IntegrationCard>
  );
}
