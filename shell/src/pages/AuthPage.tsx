import { useState } from 'react';
import { Box, Button, Card, CardContent, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { Navigate, useNavigate } from 'react-router';
import { errorText, selectCurrentUser, useAppSelector, useLoginMutation, useRegisterMutation } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { loginFailure, serverMessage, setLoginTimeCookie } from '../auth/authMessages.js';
import { initialLoginValues, initialRegisterValues, loginSchema, registerSchema, type LoginValues, type RegisterValues } from '../auth/authSchemas.js';

const SELLING_POINTS = [
  { icon: <Inventory2Outlined />, title: 'Comprehensive Selection', text: 'Equipment, services and partner products for every surgery.' },
  { icon: <LockOutlined />, title: 'Secure Platform', text: 'Your account and orders are protected end to end.' },
  { icon: <LocalShippingOutlined />, title: 'Fast Service', text: 'Quick delivery and responsive support for your practice.' },
];

type Mode = 'login' | 'register';

function LoginForm({ onDone }: { onDone: () => void }) {
  const [login] = useLoginMutation();
  const { enqueueSnackbar } = useSnackbar();
  const submit = async (values: LoginValues) => {
    try {
      await login({ username: values.username.trim(), password: values.password }).unwrap();
      setLoginTimeCookie();
      enqueueSnackbar(toastMessage('Login successful', 'Welcome back!'), { variant: 'success' });
      onDone();
    } catch (error) {
      console.error(`Login failed: ${errorText(error)}`); // SPEC §8: failures are logged
      enqueueSnackbar(toastMessage('Login failed', loginFailure(error) || 'An unexpected error occurred'), { variant: 'error' });
    }
  };
  return (
    <Formik initialValues={initialLoginValues} validationSchema={loginSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Login">
          <Stack spacing={2}>
            <FormikTextField name="username" label="Username" autoComplete="username" autoFocus fullWidth />
            <FormikTextField name="password" label="Password" type="password" autoComplete="current-password" fullWidth />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? 'Logging in...' : 'Login'}
            </Button>
          </Stack>
          <FocusFirstError />
        </Form>
      )}
    </Formik>
  );
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const [register] = useRegisterMutation();
  const { enqueueSnackbar } = useSnackbar();
  const submit = async ({ confirm_password: _confirm, ...values }: RegisterValues) => {
    try {
      // confirm_password is checked here and never sent
      await register({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(values.full_name?.trim() ? { full_name: values.full_name.trim() } : {}),
        practice_name: values.practice_name.trim(),
      }).unwrap();
      setLoginTimeCookie();
      enqueueSnackbar(toastMessage('Registration successful', 'Your account has been created'), { variant: 'success' });
      onDone();
    } catch (error) {
      console.error(`Registration failed: ${errorText(error)}`);
      enqueueSnackbar(toastMessage('Registration failed', serverMessage(error)), { variant: 'error' });
    }
  };
  return (
    <Formik initialValues={initialRegisterValues} validationSchema={registerSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Register">
          <Stack spacing={2}>
            <FormikTextField name="username" label="Username" autoComplete="username" autoFocus fullWidth />
            <FormikTextField name="email" label="Email" type="email" autoComplete="email" fullWidth />
            <FormikTextField name="full_name" label="Full name (optional)" autoComplete="name" fullWidth />
            <FormikTextField name="practice_name" label="Practice name" autoComplete="organization" fullWidth />
            <FormikTextField name="password" label="Password" type="password" autoComplete="new-password" fullWidth />
            <FormikTextField name="confirm_password" label="Confirm password" type="password" autoComplete="new-password" fullWidth />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? 'Creating Account...' : 'Create Account'}
            </Button>
          </Stack>
          <FocusFirstError />
        </Form>
      )}
    </Formik>
  );
}

/** /auth (SPEC §2): Login and Register tabs, a link to switch, and the selling points on wide screens. */
export function AuthPage() {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('login');
  if (user) return <Navigate to="/" replace />;
  const done = () => navigate('/', { replace: true });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr', '@media (min-width: 768px)': { gridTemplateColumns: '1fr 1fr' }, gap: 4, maxWidth: 1000, mx: 'auto', py: { xs: 2, sm: 6 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h2" component="h1" gutterBottom>
            Welcome to DentalMarket
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Sign in to access your dental marketplace
          </Typography>
          <Tabs value={mode} onChange={(_e, next: Mode) => setMode(next)} variant="fullWidth" sx={{ mb: 3 }}>
            <Tab label="Login" value="login" id="auth-tab-login" aria-controls="auth-panel" />
            <Tab label="Register" value="register" id="auth-tab-register" aria-controls="auth-panel" />
          </Tabs>
          <Box id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${mode}`}>
            {mode === 'login' ? <LoginForm key="login" onDone={done} /> : <RegisterForm key="register" onDone={done} />}
          </Box>
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
            <Link component="button" type="button" variant="body2" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
              {mode === 'login' ? 'Register' : 'Login'}
            </Link>
          </Typography>
        </CardContent>
      </Card>
      <Box
        data-testid="auth-side-panel"
        sx={{ display: 'none', '@media (min-width: 768px)': { display: 'block' }, alignSelf: 'start', bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 2, p: 4 }}
      >
        <Stack spacing={3}>
          {SELLING_POINTS.map((point) => (
            <Stack key={point.title} direction="row" spacing={2}>
              {point.icon}
              <Box>
                <Typography variant="h3" component="h2">
                  {point.title}
                </Typography>
                <Typography variant="body2" sx={{ opacity: 0.85 }}>
                  {point.text}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
