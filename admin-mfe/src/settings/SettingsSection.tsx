import { Box, Stack, Typography } from '@mui/material';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { DmSettings } from '@dentalmarket/ui';
import { readField, type SettingField, type SettingsGroup } from './settingsFields.js';

interface SettingsSectionProps {
  group: SettingsGroup;
  draft: DmSettings;
  defaultExpanded?: boolean;
  onToggle: (field: SettingField, value: boolean) => void;
}

/** One accordion of the Settings tab: a labelled switch and a line of explanation per setting. */
export function SettingsSection({ group, draft, defaultExpanded, onToggle }: SettingsSectionProps) {
  const headerId = `settings-${group.id}-header`;
  return (
    <Accordion defaultExpanded={defaultExpanded} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMore />} id={headerId} aria-controls={`settings-${group.id}-content`}>
        <Typography sx={{ fontWeight: 600 }}>{group.title}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`settings-${group.id}-content`}>
        <Stack spacing={1.5}>
          {group.fields.map((field) => {
            const helpId = `setting-${field.key}-help`;
            return (
              <Box key={field.key}>
                <FormControlLabel
                  label={field.label}
                  control={
                    <Switch
                      checked={readField(draft, field)}
                      onChange={(_, checked) => onToggle(field, checked)}
                      slotProps={{ input: { 'aria-describedby': helpId } }}
                    />
                  }
                />
                {/* indented to sit under the label rather than the switch */}
                <Typography id={helpId} variant="body2" color="text.secondary" sx={{ pl: 7, mt: -0.5 }}>
                  {field.help}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
