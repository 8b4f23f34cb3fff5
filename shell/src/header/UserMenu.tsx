import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import { Link as RouterLink } from 'react-router';
import type { User } from '@dentalmarket/contracts';
import { displayName, SignOutMenuItem } from './SignOut.js';

/** The signed-in user's name in the wide header, with 'Orders' (issue 18), 'Practice' and 'Order guides' (issue 36) and 'Sign out'. */
export function UserMenu({ user }: { user: User }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        sx={{ textTransform: 'none', maxWidth: 220, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', flexShrink: 1, minWidth: 0 }}
      >
        {displayName(user)}
      </Button>
      <Menu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to="/orders" onClick={() => setAnchor(null)}>
          Orders
        </MenuItem>
        {/* issue 36: a shopper's practice (admins have none) */}
        {user.role === 'customer' && (
          <MenuItem component={RouterLink} to="/practice" onClick={() => setAnchor(null)}>
            Practice
          </MenuItem>
        )}
        {user.role === 'customer' && (
          <MenuItem component={RouterLink} to="/order-guides" onClick={() => setAnchor(null)}>
            Order guides
          </MenuItem>
        )}
        <SignOutMenuItem onClick={() => setAnchor(null)} />
      </Menu>
    </>
  );
}
