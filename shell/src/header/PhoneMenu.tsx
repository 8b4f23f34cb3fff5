import { useState } from 'react';
import { Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink } from 'react-router';
import type { User } from '@dentalmarket/contracts';
import { adminLink } from './adminLink.js';
import { DarkModeMenuItem } from './darkModeSwitch.js';
import { displayName, SignOutMenuItem } from './SignOut.js';

/** Below 900 px the header's links live in this menu, so nothing in the bar runs into anything else. */
export function PhoneMenu({ user }: { user: User | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const admin = adminLink(user);
  return (
    <>
      <IconButton
        aria-label="Open menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'header-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu id="header-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem component={RouterLink} to="/marketplace" onClick={close}>
          Marketplace
        </MenuItem>
        {admin && (
          <MenuItem component={RouterLink} to={admin.to} onClick={close}>
            {admin.label}
          </MenuItem>
        )}
        {!user && (
          <MenuItem component={RouterLink} to="/orders/lookup" onClick={close}>
            Find an order
          </MenuItem>
        )}
        {user && <Divider />}
        {user && (
          <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
            <ListItemIcon>
              <AccountCircleOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{displayName(user)}</ListItemText>
          </MenuItem>
        )}
        {user && (
          <MenuItem component={RouterLink} to="/orders" onClick={close}>
            Orders
          </MenuItem>
        )}
        {user?.role === 'customer' && (
          <MenuItem component={RouterLink} to="/practice" onClick={close}>
            Practice
          </MenuItem>
        )}
        {user?.role === 'customer' && (
          <MenuItem component={RouterLink} to="/order-guides" onClick={close}>
            Order guides
          </MenuItem>
        )}
        <Divider />
        <DarkModeMenuItem />
        {user && <SignOutMenuItem onClick={close} />}
      </Menu>
    </>
  );
}
