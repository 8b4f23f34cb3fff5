import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Save from '@mui/icons-material/Save';
import SettingsIcon from '@mui/icons-material/Settings';
import { useSnackbar } from 'notistack';
import { DEFAULT_SETTINGS, SettingsSaveError, loadSettings, saveSettings, settingsEqual, toastMessage, type DmSettings } from '@dentalmarket/ui';
import { SettingsSection } from './SettingsSection.js';
import { SETTINGS_GROUPS, withDebugFlagsInEffect, withField, type SettingField } from './settingsFields.js';

/**
 * Admin Dashboard settings tab (SPEC §2, §4 Settings): edits a draft, persisted to the browser only
 * on Save. The debug switches start from the flags in effect; Reset puts SPEC §9's defaults (all four
 * on) in the draft, shown as such, and only Save applies them.
 */
export function SettingsTab() {
  const { enqueueSnackbar } = useSnackbar();
  const [loaded] = useState(() => {
    const { settings, unreadable } = loadSettings();
    return { settings: withDebugFlagsInEffect(settings), unreadable };
  });
  const [saved, setSaved] = useState<DmSettings>(loaded.settings);
  const [draft, setDraft] = useState<DmSettings>(loaded.settings);
  const changed = !settingsEqual(draft, saved);

  // a ref, not state: StrictMode runs mount effects twice and the notice must show once
  const noticeShown = useRef(false);
  useEffect(() => {
    if (!loaded.unreadable || noticeShown.current) return;
    noticeShown.current = true;
    enqueueSnackbar(toastMessage('Could not load saved settings, using defaults instead.'), { variant: 'warning' });
  }, [loaded.unreadable, enqueueSnackbar]);

  const toggle = useCallback((field: SettingField, value: boolean) => setDraft((d) => withField(d, field, value)), []);

  const reset = () => {
    setDraft(DEFAULT_SETTINGS);
    enqueueSnackbar(toastMessage('Settings reset'), { variant: 'info' });
  };

  const save = () => {
    try {
      saveSettings(draft);
      setSaved(draft);
      enqueueSnackbar(toastMessage('Settings saved'), { variant: 'success' });
    } catch (error) {
      // the draft stays 'Changed' so Save can be retried
      if (error instanceof SettingsSaveError && error.stage === 'debugFlags') {
        enqueueSnackbar(toastMessage('Error saving debug settings', 'There was a problem saving your debug settings.'), { variant: 'error' });
      } else {
        enqueueSnackbar(toastMessage('Failed to save settings'), { variant: 'error' });
      }
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <SettingsIcon color="primary" />
          <Typography variant="h3" component="h2">
            System Settings
          </Typography>
          {changed ? <Chip label="Changed" color="warning" size="small" /> : null}
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="outlined" startIcon={<RestartAlt />} disabled={!changed} onClick={reset}>
            Reset
          </Button>
          <Button variant="contained" startIcon={<Save />} disabled={!changed} onClick={save}>
            Save Changes
          </Button>
        </Stack>
        {SETTINGS_GROUPS.map((group) => (
          <SettingsSection key={group.id} group={group} draft={draft} defaultExpanded={group.id === 'debugging'} onToggle={toggle} />
        ))}
      </CardContent>
    </Card>
  );
}
