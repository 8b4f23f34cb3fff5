import { Button } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';

export function BackToOrders() {
  return (
    <Button component={RouterLink} to="/orders" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
      Back to orders
    </Button>
  );
}
