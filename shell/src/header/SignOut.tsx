import { MenuItem } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router';
import { errorText, useLogoutMutation } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { serverMessage } from '../auth/authMessages.js';

/** 'Sign out' for the header's user menu and the phone menu (SPEC §8 Logout failure toast). */
function useSignOut() {
  const [logout, { isLoading }] = useLogoutMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await logout().unwrap();
      navigate('/');
    } catch (error) {
      console.error(`Logout failed: ${errorText(error)}`);
      enqueueSnackbar(toastMessage('Logout failed', serverMessage(error) ?? 'Logout failed. Please try again.'), { variant: 'error' });
    }
  };
  return { signOut, signingOut: isLoading };
}

/** The name the header shows for a user. */
export function displayName(user: { full_name?: string | null; username: string }): string {
  return user.full_name?.trim() || user.username;
}

/** The 'Sign out' item of a menu; `onClick` closes the menu first. */
export function SignOutMenuItem({ onClick }: { onClick: () => void }) {
  const { signOut, signingOut } = useSignOut();
  return (
    <MenuItem
      onClick={() => {
        onClick();
        void signOut();
      }}
      disabled={signingOut}
    >
      Sign out
    </MenuItem>
  );
}
