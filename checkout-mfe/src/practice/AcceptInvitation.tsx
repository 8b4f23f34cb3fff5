import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import * as Yup from 'yup';
import { type InvitationPreview, LIMITS, type User } from '@dentalmarket/contracts';
import { PRACTICE_ROLE_LABELS } from '@dentalmarket/contracts/practices';
import { selectCurrentUser, sessionActions, sessionApi, useAppDispatch, useAppSelector } from '@dentalmarket/store';
import { PageSpinner, toastMessage } from '@dentalmarket/ui';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { useAcceptInvitationMutation, useGetInvitationQuery } from './practiceApi.js';
import { apiMessage } from './practiceMessages.js';

/** The new account's fields, as registration checks them (SPEC §5 Register); the email is the invitation's. */
export const acceptSchema = Yup.object({
  username: Yup.string()
    .trim()
    .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
    .max(LIMITS.nameMax, `Username must be at most ${LIMITS.nameMax} characters`)
    .matches(/^\S+$/, { message: 'Username must not contain spaces', excludeEmptyString: true })
    .required('Username must be at least 3 characters'),
  full_name: Yup.string().trim().max(LIMITS.nameMax, `Full name must be at most ${LIMITS.nameMax} characters`),
  password: Yup.string().min(LIMITS.passwordMin, 'Password must be at least 6 characters').required('Password must be at least 6 characters'),
  confirm_password: Yup.string()
    .required('Please confirm your password')
    .test('matches', "Passwords don't match", (value, context) => !value || value === context.parent.password),
});
type AcceptValues = Yup.InferType<typeof acceptSchema>;

/** The token segment of /invitations/:token ('' when malformed: the API answers that as not valid). */
export function invitationTokenFromPath(pathname: string): string {
  const segment = pathname.split('/')[2] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const CLOSED: Record<'used' | 'revoked' | 'expired', string> = {
  used: 'This invitation was already used: each link works once.',
  revoked: 'This invitation was revoked by the practice.',
  expired: 'This invitation has expired. Ask the practice to send you a new one.',
};

function Offer({ invitation }: { invitation: InvitationPreview }) {
  const role = PRACTICE_ROLE_LABELS[invitation.role].toLowerCase();
  return (
    <Typography sx={{ mb: 3 }}>
      {invitation.invited_by ?? 'A colleague'} invited {invitation.email} to join {invitation.practice_name} as {/^[aeiou]/.test(role) ? 'an' : 'a'} {role}.
    </Typography>
  );
}

/**
 * /invitations/:token (issue 36): what the link offers; signed out, the account to create (the
 * invitation's email); signed in, 'Join' with the account. Then to the Practice page.
 */
export default function AcceptInvitation() {
  // the token from the path (/invitations/:token): the shared react-router facade has no useParams
  const token = invitationTokenFromPath(useLocation().pathname);
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { data: invitation, error, isLoading } = useGetInvitationQuery(token);
  const [accept] = useAcceptInvitationMutation();

  const join = async (fields: Omit<AcceptValues, 'confirm_password'> | null) => {
    try {
      const account: User = await accept({
        token,
        ...(fields ? { username: fields.username.trim(), password: fields.password, ...(fields.full_name?.trim() ? { full_name: fields.full_name.trim() } : {}) } : {}),
      }).unwrap();
      if (fields) {
        // signed in now: the session and the cached GET /api/me follow at once, as after a registration
        dispatch(sessionActions.setUser(account));
        dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: account }]));
        document.cookie = `login_time=${Date.now()}; path=/; max-age=604800; SameSite=Lax`;
      }
      enqueueSnackbar(toastMessage(`Welcome to ${invitation!.practice_name}`, 'You can now see the practice\'s orders.'), { variant: 'success' });
      navigate('/practice', { replace: true });
    } catch (err) {
      enqueueSnackbar(toastMessage('Could not accept the invitation', apiMessage(err, 'Please try again.')), { variant: 'error' });
    }
  };

  let body;
  if (isLoading) body = <PageSpinner label="Loading the invitation" />;
  else if (!invitation) {
    const status = (error as { status?: unknown } | undefined)?.status;
    body = (
      <Alert severity="error">
        {status === 404 || status === 400 ? 'This invitation link is not valid: check the link in your email, or ask for a new invitation.' : `The invitation could not be loaded (${apiMessage(error, 'network error')}).`}
      </Alert>
    );
  } else if (!invitation.valid) {
    body = <Alert severity="warning">{CLOSED[invitation.reason ?? 'expired']}</Alert>;
  } else if (user) {
    body = (
      <>
        <Offer invitation={invitation} />
        <Typography sx={{ mb: 2 }}>
          You are signed in as {user.username}. Joining moves your account to {invitation.practice_name}.
        </Typography>
        <Button variant="contained" onClick={() => join(null)}>
          Join {invitation.practice_name}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <Offer invitation={invitation} />
        <Formik initialValues={{ username: '', full_name: '', password: '', confirm_password: '' }} validationSchema={acceptSchema} onSubmit={({ confirm_password: _c, ...fields }) => join(fields)}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Create your account">
              <Stack spacing={2}>
                <Typography variant="h3" component="h2">
                  Create your account
                </Typography>
                <Typography color="text.secondary">Email: {invitation.email}</Typography>
                <FormikTextField name="username" label="Username" autoComplete="username" fullWidth />
                <FormikTextField name="full_name" label="Full name (optional)" autoComplete="name" fullWidth />
                <FormikTextField name="password" label="Password" type="password" autoComplete="new-password" fullWidth />
                <FormikTextField name="confirm_password" label="Confirm password" type="password" autoComplete="new-password" fullWidth />
                <Box>
                  <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                    {isSubmitting ? 'Creating Account...' : 'Create account and join'}
                  </Button>
                </Box>
              </Stack>
              <FocusFirstError />
            </Form>
          )}
        </Formik>
        <Typography variant="body2" sx={{ mt: 3 }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/auth">
            Sign in
          </Link>
          , then open this link again.
        </Typography>
      </>
    );
  }
  return (
    <Card sx={{ maxWidth: 640, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h2" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {invitation?.valid ? `Join ${invitation.practice_name}` : 'Invitation'}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
