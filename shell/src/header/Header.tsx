import { useState } from 'react';
import { AppBar, Badge, Box, Button, Container, IconButton, Toolbar, Typography, useMediaQuery, type Theme } from '@mui/material';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import { Link as RouterLink } from 'react-router';
import { selectCartCount, selectCurrentUser, useAppSelector } from '@dentalmarket/store';
import { CartDrawer } from '../CartDrawer.js';
import { adminLink } from './adminLink.js';
import { PhoneMenu } from './PhoneMenu.js';
import { UserMenu } from './UserMenu.js';

/** The cart button's name holds the count it shows (WCAG 2.5.3 label in name). */
export function cartButtonName(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

export function Header() {
  const count = useAppSelector(selectCartCount);
  const user = useAppSelector(selectCurrentUser);
  const [cartOpen, setCartOpen] = useState(false);
  // below 900 px the links, the admin button and the user's name do not fit beside each other
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const admin = adminLink(user);
  return (
    <AppBar position="sticky" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', textDecoration: 'none', mr: { xs: 1, sm: 2 } }}>
            <MedicalServicesOutlined />
            <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.2 }}>
              DentalMarket
            </Typography>
          </Box>
          {!narrow && (
            <Button component={RouterLink} to="/marketplace" color="inherit">
              Marketplace
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {!narrow && admin && (
            <Button component={RouterLink} to={admin.to} variant="outlined" size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {admin.label}
            </Button>
          )}
          {!narrow && user && <UserMenu user={user} />}
          <IconButton aria-label={cartButtonName(count)} aria-haspopup="dialog" color="primary" onClick={() => setCartOpen(true)}>
            <Badge color="secondary" badgeContent={<span data-testid="cart-count">{count}</span>} invisible={count === 0}>
              <ShoppingCartOutlined />
            </Badge>
          </IconButton>
          {narrow && <PhoneMenu user={user} />}
        </Toolbar>
      </Container>
      <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} />
    </AppBar>
  );
}
