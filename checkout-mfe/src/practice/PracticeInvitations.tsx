import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, Typography } from '@mui/material';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useSnackbar } from 'notistack';
import * as Yup from 'yup';
import { type PracticeInvitation, type PracticeRole } from '@dentalmarket/contracts';
import { PRACTICE_ROLE_LABELS, PRACTICE_ROLES } from '@dentalmarket/contracts/practices';
import { PageSpinner, toastMessage } from '@dentalmarket/ui';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { useGetPracticeInvitationsQuery, useInviteMutation, useResendInvitationMutation, useRevokeInvitationMutation } from './practiceApi.js';
import { apiMessage } from './practiceMessages.js';

export const inviteSchema = Yup.object({
  email: Yup.string().trim().required('Email is required').email('Valid email is required'),
  role: Yup.string().oneOf(PRACTICE_ROLES, 'Choose a role').required('Choose a role'),
});

interface InviteValues {
  email: string;
  role: PracticeRole;
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function InvitationRow({ invitation }: { invitation: PracticeInvitation }) {
  const [resend, resending] = useResendInvitationMutation();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const { enqueueSnackbar } = useSnackbar();
  const act = async (what: 'resend' | 'revoke') => {
    try {
      if (what === 'resend') await resend(invitation.id).unwrap();
      else await revoke(invitation.id).unwrap();
      enqueueSnackbar(toastMessage(what === 'resend' ? 'Invitation sent again' : 'Invitation revoked', invitation.email), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage(what === 'resend' ? 'Could not resend the invitation' : 'Could not revoke the invitation', apiMessage(error, 'Please try again.')), {
        variant: 'error',
      });
    }
  };
  return (
    <Stack component="li" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
        <Typography variant="body2" color="text.secondary">
          {PRACTICE_ROLE_LABELS[invitation.role]} · {invitation.status === 'expired' ? `expired ${day(invitation.expires_at)}` : `valid until ${day(invitation.expires_at)}`}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
        {invitation.status === 'expired' ? <Chip label="Expired" color="warning" variant="outlined" /> : null}
        <Button onClick={() => act('resend')} disabled={resending.isLoading} aria-label={`Resend the invitation to ${invitation.email}`}>
          Resend
        </Button>
        <Button color="error" onClick={() => act('revoke')} disabled={revoking.isLoading} aria-label={`Revoke the invitation to ${invitation.email}`}>
          Revoke
        </Button>
      </Stack>
    </Stack>
  );
}

/** Owners only: invite someone by email with a role, and the open invitations with Resend and Revoke. */
export function PracticeInvitations() {
  const { data, isLoading, error, refetch } = useGetPracticeInvitationsQuery();
  const [invite] = useInviteMutation();
  const { enqueueSnackbar } = useSnackbar();
  const submit = async (values: InviteValues, helpers: FormikHelpers<InviteValues>) => {
    try {
      await invite({ email: values.email.trim(), role: values.role }).unwrap();
      enqueueSnackbar(toastMessage('Invitation sent', `${values.email.trim()} will get an email with a link to join.`), { variant: 'success' });
      helpers.resetForm();
    } catch (err) {
      enqueueSnackbar(toastMessage('Could not send the invitation', apiMessage(err, 'Please try again.')), { variant: 'error' });
    }
  };
  return (
    <Card component="section" aria-labelledby="practice-invitations-heading">
      <CardContent>
        <Typography id="practice-invitations-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
          Invitations
        </Typography>
        <Formik<InviteValues> initialValues={{ email: '', role: 'assistant' }} validationSchema={inviteSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Invite someone">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
                <FormikTextField name="email" label="Email" type="email" autoComplete="off" sx={{ flex: 1 }} />
                <FormikTextField name="role" label="Role" select sx={{ minWidth: 160 }}>
                  {PRACTICE_ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {PRACTICE_ROLE_LABELS[role]}
                    </MenuItem>
                  ))}
                </FormikTextField>
                <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ minHeight: 56 }}>
                  {isSubmitting ? 'Sending...' : 'Send invitation'}
                </Button>
              </Stack>
              <FocusFirstError />
            </Form>
          )}
        </Formik>
        <Box sx={{ mt: 3 }}>
          {isLoading ? (
            <PageSpinner label="Loading invitations" />
          ) : !data ? (
            <Typography color="error">
              The invitations could not be loaded ({apiMessage(error, 'network error')}). <Button onClick={() => refetch()}>Retry</Button>
            </Typography>
          ) : data.length === 0 ? (
            <Typography color="text.secondary">No open invitations.</Typography>
          ) : (
            <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Open invitations">
              {data.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </Stack>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
