import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import { Link as RouterLink, Navigate } from 'react-router';
import { selectCurrentUser, useAppSelector } from '@dentalmarket/store';

const SELLING_POINTS = [
  { icon: <Inventory2Outlined />, title: 'Comprehensive Selection', text: 'Equipment, services and partner products for every surgery.' },
  { icon: <LockOutlined />, title: 'Secure Platform', text: 'Your account and orders are protected end to end.' },
  { icon: <LocalShippingOutlined />, title: 'Fast Service', text: 'Quick delivery and responsive support for your practice.' },
];

/** /auth: the welcome panel; the login and register forms arrive with the accounts capability. */
export function AuthPage() {
  const user = useAppSelector(selectCurrentUser);
  if (user) return <Navigate to="/" replace />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 4, maxWidth: 1000, mx: 'auto', py: 6 }}>
      <Card>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h2" gutterBottom>
            Welcome to DentalMarket
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Sign in to access your dental marketplace
          </Typography>
          <Typography variant="body2" sx={{ mb: 3 }}>
            Online sign-in and registration are being set up. You can keep browsing and shopping in the meantime.
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            Continue to the marketplace
          </Button>
        </CardContent>
      </Card>
      <Box sx={{ display: { xs: 'none', md: 'block' }, bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 2, p: 4 }}>
        <Stack spacing={3}>
          {SELLING_POINTS.map((point) => (
            <Stack key={point.title} direction="row" spacing={2}>
              {point.icon}
              <Box>
                <Typography variant="h3" component="h3">
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
