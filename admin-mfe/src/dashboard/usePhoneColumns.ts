import { useState } from 'react';
import { useMediaQuery, useTheme } from '@mui/material';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';

/**
 * A grid's column visibility, laid out for the screen: under 600 px the columns in `phoneHidden` are
 * hidden (a phone shows the few that fit). The admin may still show or hide columns from a column's
 * menu; moving between a phone's width and a wider one resets them. Pass the result to the grid's
 * `columnVisibilityModel` / `onColumnVisibilityModelChange`.
 */
export function usePhoneColumns(phoneHidden: GridColumnVisibilityModel) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>({});
  const [laidOutForPhone, setLaidOutForPhone] = useState(false);
  if (laidOutForPhone !== phone) {
    setLaidOutForPhone(phone);
    setVisibility(phone ? phoneHidden : {});
  }
  return { phone, visibility, setVisibility };
}
