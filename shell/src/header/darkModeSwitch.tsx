import { IconButton, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { loadSettings, saveSettings, useDarkMode } from '@dentalmarket/ui';

/**
 * Dark mode for shoppers (issue 32: it was only in the admin's Settings): the page follows the
 * device until the shopper switches here; the switch is their choice from then on (saved with the
 * other browser settings, SPEC §3).
 */
export function useDarkModeSwitch(): { dark: boolean; toggle: () => void } {
  const dark = useDarkMode();
  const toggle = () => {
    const { settings } = loadSettings();
    try {
      saveSettings({ ...settings, display: { ...settings.display, darkMode: !dark, followSystemColorScheme: false } });
    } catch {
      // storage refused: the page stays as it is
    }
  };
  return { dark, toggle };
}

/** The wide header's switch: an icon button that says what it does and whether dark mode is on. */
export function DarkModeButton({ sx }: { sx?: object }) {
  const { dark, toggle } = useDarkModeSwitch();
  return (
    <IconButton aria-label="Dark theme" aria-pressed={dark} onClick={toggle} sx={sx}>
      {dark ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}

/** The phone menu's switch: a checkable item saying whether dark mode is on (no switch control: one more MUI component on every page's first download). */
export function DarkModeMenuItem() {
  const { dark, toggle } = useDarkModeSwitch();
  return (
    <MenuItem onClick={toggle} role="menuitemcheckbox" aria-checked={dark}>
      <ListItemIcon>{dark ? <LightModeOutlined fontSize="small" /> : <DarkModeOutlined fontSize="small" />}</ListItemIcon>
      <ListItemText>Dark mode</ListItemText>
      <Typography variant="body2" color="text.secondary" aria-hidden sx={{ ml: 2 }}>
        {dark ? 'On' : 'Off'}
      </Typography>
    </MenuItem>
  );
}
