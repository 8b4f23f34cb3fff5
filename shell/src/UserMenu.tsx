import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router';
import type { User } from '@dentalmarket/contracts';
import { errorText, useLogoutMutation } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { serverMessage } from './auth/authMessages.js';

/** The signed-in user's name in the header, with 'Sign out' (SPEC §8 Logout failure toast). */
export function UserMenu({ user }: { user: User }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [logout, { isLoading }] = useLogoutMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const name = user.full_name?.trim() || user.username;

  const signOut = async () => {
    setAnchor(null);
    try {
      await logout().unwrap();
      navigate('/');
    } catch (error) {
      console.error(`Logout failed: ${errorText(error)}`);
      enqueueSnackbar(toastMessage('Logout failed', serverMessage(error) ?? 'Logout failed. Please try again.'), { variant: 'error' });
    }
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        sx={{ textTransform: 'none', maxWidth: 220, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {name}
      </Button>
      <Menu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={signOut} disabled={isLoading}>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
