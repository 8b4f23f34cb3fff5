import { useRef, useState } from 'react';
import { AppBar, Badge, Box, Button, Container, IconButton, Toolbar, Typography } from '@mui/material';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import { Link as RouterLink, useLocation } from 'react-router';
import { selectCartCount, selectCurrentUser, selectSessionStatus, useAppSelector } from '@dentalmarket/store';
import { CartDrawer } from '../CartDrawer.js';
import { adminLink } from './adminLink.js';
import { useHydrated } from '../hydration.js';
import { DarkModeButton } from './darkModeSwitch.js';
import { PhoneMenu } from './PhoneMenu.js';
import { SearchBox } from './SearchBox.js';
import { UserMenu } from './UserMenu.js';

/** The cart button's name holds the count it shows (WCAG 2.5.3 label in name). */
export function cartButtonName(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Shown from 900 px (MUI's md) up: the wide header's links, its search field, admin button and user menu. */
const wideOnly = { display: { xs: 'none', md: 'inline-flex' } } as const;
/** Shown below 900 px: 'Open search' and the 'Open menu' menu. */
const narrowOnly = { display: { xs: 'inline-flex', md: 'none' } } as const;

export function Header() {
  const count = useAppSelector(selectCartCount);
  // the server's header (no session) until hydrated: see useHydrated
  const hydrated = useHydrated();
  const storedUser = useAppSelector(selectCurrentUser);
  const user = hydrated ? storedUser : null;
  const [cartOpen, setCartOpen] = useState(false);
  const [phoneSearchOpen, setPhoneSearchOpen] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const closePhoneSearch = (refocus: boolean) => {
    setPhoneSearchOpen(false);
    if (refocus) searchButton.current?.focus();
  };
  // the shop's search is for shoppers: the admin area has its own
  const searchable = !useLocation().pathname.startsWith('/admin');
  const admin = adminLink(user);
  // Until the session is known (a server-rendered page never knows it; the browser asks /api/me
  // after hydrating), the session's own part of the bar keeps its place but shows nothing: a
  // signed-in shopper saw 'Admin Login' for a moment, then their name (issue 32).
  const sessionKnown = useAppSelector(selectSessionStatus) !== 'loading' && hydrated;
  const untilKnown: { visibility?: 'hidden'; 'aria-hidden'?: true; tabIndex?: -1 } = sessionKnown ? {} : { visibility: 'hidden', 'aria-hidden': true, tabIndex: -1 };
  // Below 900 px (MUI's md) the links, the admin button and the user's name do not fit beside each
  // other: they move into the 'Open menu' menu and the search behind 'Open search'. Both sets are
  // rendered and CSS hides the one that does not apply (display: none also takes it out of the
  // accessibility tree), so the server's HTML is right on every width before any script runs.
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
          <Button component={RouterLink} to="/marketplace" color="inherit" sx={wideOnly}>
            Marketplace
          </Button>
          <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', minWidth: 0, px: { md: 2 } }}>
            {searchable && (
              <Box sx={{ width: '100%', maxWidth: 520, display: { xs: 'none', md: 'block' } }}>
                <SearchBox />
              </Box>
            )}
          </Box>
          {admin && (
            <Button
              component={RouterLink}
              to={admin.to}
              variant="outlined"
              size="small"
              aria-hidden={untilKnown['aria-hidden']}
              tabIndex={untilKnown.tabIndex}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0, visibility: untilKnown.visibility, ...wideOnly }}
            >
              {admin.label}
            </Button>
          )}
          {user && (
            <Box sx={{ minWidth: 0, flexShrink: 1, ...wideOnly }}>
              <UserMenu user={user} />
            </Box>
          )}
          {searchable && (
            <IconButton
              ref={searchButton}
              aria-label="Open search"
              aria-expanded={phoneSearchOpen}
              aria-controls={phoneSearchOpen ? 'phone-search' : undefined}
              onClick={() => setPhoneSearchOpen((was) => !was)}
              sx={narrowOnly}
            >
              <Search />
            </IconButton>
          )}
          <DarkModeButton sx={wideOnly} />
          <IconButton aria-label={cartButtonName(count)} aria-haspopup="dialog" color="primary" onClick={() => setCartOpen(true)}>
            {/* no badge at all for an empty cart: an invisible MUI Badge keeps its last count in the
                button's text, which then disagrees with its name (axe: label-content-name-mismatch
                on the order's confirmation, issue 32) */}
            {count > 0 ? (
              <Badge color="secondary" badgeContent={<span data-testid="cart-count">{count}</span>}>
                <ShoppingCartOutlined />
              </Badge>
            ) : (
              <ShoppingCartOutlined />
            )}
          </IconButton>
          <Box sx={narrowOnly}>
            <PhoneMenu user={user} />
          </Box>
        </Toolbar>
        {searchable && phoneSearchOpen && (
          // below 900 px the search opens as a full-width row under the bar (only once asked for: its
          // field takes the focus); should the window grow past 900 px meanwhile, CSS hides the row
          <Box id="phone-search" sx={{ display: { xs: 'flex', md: 'none' }, alignItems: 'center', gap: 1, pb: 1.5 }}>
            <SearchBox autoFocus onDone={(navigated) => closePhoneSearch(!navigated)} />
            <IconButton aria-label="Close search" onClick={() => closePhoneSearch(true)}>
              <Close />
            </IconButton>
          </Box>
        )}
      </Container>
      <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} />
    </AppBar>
  );
}
