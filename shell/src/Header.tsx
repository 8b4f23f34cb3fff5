import { useState } from 'react';
import { AppBar, Badge, Box, Button, Container, IconButton, Toolbar, Typography } from '@mui/material';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import { Link as RouterLink } from 'react-router';
import { selectCartCount, selectCurrentUser, selectIsAdmin, useAppSelector } from '@dentalmarket/store';
import { CartDrawer } from './CartDrawer.js';
import { UserMenu } from './UserMenu.js';

export function Header() {
  const count = useAppSelector(selectCartCount);
  const isAdmin = useAppSelector(selectIsAdmin);
  const user = useAppSelector(selectCurrentUser);
  const [cartOpen, setCartOpen] = useState(false);
  const cartLabel = `Cart (${count} ${count === 1 ? 'item' : 'items'})`;
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
          <Button component={RouterLink} to="/marketplace" color="inherit" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            Marketplace
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {isAdmin && (
            <Button component={RouterLink} to="/admin" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
              Admin Panel
            </Button>
          )}
          {/* SPEC §2: 'Admin Panel' for admins, otherwise 'Admin Login' (a customer may hold an admin account too) */}
          {!isAdmin && (
            <Button component={RouterLink} to="/auth" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
              Admin Login
            </Button>
          )}
          {user && <UserMenu user={user} />}
          <IconButton aria-label={cartLabel} aria-haspopup="dialog" color="primary" sx={{ mr: 0.5 }} onClick={() => setCartOpen(true)}>
            <Badge
              color="secondary"
              badgeContent={<span data-testid="cart-count">{count}</span>}
              invisible={count === 0}
            >
              <ShoppingCartOutlined />
            </Badge>
          </IconButton>
        </Toolbar>
      </Container>
      <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} />
    </AppBar>
  );
}
