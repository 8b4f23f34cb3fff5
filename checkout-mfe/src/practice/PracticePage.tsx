import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { PRACTICE_ROLE_LABELS } from '@dentalmarket/contracts/practices';
import { errorText } from '@dentalmarket/store';
import { PageSpinner } from '@dentalmarket/ui';
import { useGetPracticeQuery } from './practiceApi.js';
import { PracticeAddressBook } from './PracticeAddressBook.js';
import { PracticeApprovals } from './PracticeApprovals.js';
import { PracticeDetails } from './PracticeDetails.js';
import { PracticeOrdering } from './PracticeOrdering.js';
import { PracticeInvitations } from './PracticeInvitations.js';
import { PracticeMembers } from './PracticeMembers.js';

/**
 * /practice (issue 36; signed in, the shell's route guard sends guests to /auth): the shopper's
 * practice: its orders awaiting approval (owners, when approvals are on), its details and ordering
 * settings (owners edit them), its address book (owners and purchasers edit it), its members with their roles (owners change and remove), invitations
 * (owners), and 'Leave practice'.
 */
export default function PracticePage() {
  const { data: practice, error, isLoading, refetch } = useGetPracticeQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <PageSpinner label="Loading your practice" />;
  if (!practice) {
    return (
      <Box>
        <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
          Practice
        </Typography>
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
          Your practice could not be loaded ({errorText(error)}).
        </Alert>
      </Box>
    );
  }
  return (
    <Box>
      <Typography variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {practice.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your practice · you are {PRACTICE_ROLE_LABELS[practice.my_role].toLowerCase()}
      </Typography>
      <Stack spacing={3}>
        {practice.my_role === 'owner' ? <PracticeApprovals enabled={practice.approvals_enabled} /> : null}
        <PracticeDetails practice={practice} />
        <PracticeOrdering practice={practice} />
        <PracticeAddressBook practice={practice} />
        <PracticeMembers practice={practice} />
        {practice.my_role === 'owner' ? <PracticeInvitations /> : null}
      </Stack>
    </Box>
  );
}
