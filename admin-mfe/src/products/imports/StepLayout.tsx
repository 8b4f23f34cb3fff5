import type { ReactNode, Ref } from 'react';
import { DialogActions, DialogContent, Stack, Typography } from '@mui/material';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

export interface StepLayoutProps {
  heading: string;
  /** the dialog moves focus here when the step changes, so a screen reader starts reading at the step */
  headingRef: Ref<HTMLHeadingElement>;
  /** marks the content as being replaced (a re-check under way) */
  busy?: boolean;
  children: ReactNode;
  actions: ReactNode;
}

/** One step of the import dialog: its heading and content, then its buttons (which wrap on a phone). */
export function StepLayout({ heading, headingRef, busy, children, actions }: StepLayoutProps) {
  return (
    <>
      <DialogContent aria-busy={busy || undefined}>
        <Stack spacing={2}>
          <Typography
            ref={headingRef}
            tabIndex={-1}
            variant="h6"
            component="h3"
            sx={{ '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
          >
            {heading}
          </Typography>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>{actions}</DialogActions>
    </>
  );
}

export interface CreateCategoriesCheckboxProps {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** The dry run's option; in the review, changing it checks the same file again. */
export function CreateCategoriesCheckbox({ checked, disabled, onChange }: CreateCategoriesCheckboxProps) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />}
      label="Create missing categories and subcategories"
    />
  );
}

/** Present for screen readers, not on screen. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
