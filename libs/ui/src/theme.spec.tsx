import { render, screen } from '@testing-library/react';
import { getContrastRatio, hexToRgb, TextField, ThemeProvider, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { EXTRA_COLORS, makeTheme, TOAST_COLORS } from './theme.js';

// WCAG AA: 4.5:1 for text, 3:1 for a focus indicator against what is around it.
describe.each([
  ['light', false],
  ['dark', true],
] as const)('%s theme contrast', (mode, darkMode) => {
  const theme = makeTheme({ darkMode, minimalAnimations: false });
  const { palette } = theme;
  const surfaces = { paper: palette.background.paper, page: palette.background.default };

  it.each(Object.entries(surfaces))('body, secondary (helper) and error text read on the %s', (_name, surface) => {
    expect(getContrastRatio(palette.text.primary, surface)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(palette.text.secondary, surface)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(palette.error.main, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('text on primary and secondary buttons and chips', () => {
    expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(palette.secondary.contrastText, palette.secondary.main)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(palette.error.contrastText, palette.error.main)).toBeGreaterThanOrEqual(4.5);
    // a hovered contained button takes primary.dark
    expect(getContrastRatio(palette.primary.contrastText, palette.primary.dark)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.entries(TOAST_COLORS))('white toast text (title and description) on the %s toast', (_variant, background) => {
    expect(getContrastRatio('#ffffff', background)).toBeGreaterThanOrEqual(4.5);
  });

  it("the 'Image Not Found' tile", () => {
    const { placeholder } = EXTRA_COLORS[mode];
    expect(getContrastRatio(placeholder.text, placeholder.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring against the page and the paper', () => {
    for (const surface of Object.values(surfaces)) expect(getContrastRatio(EXTRA_COLORS[mode].focusRing, surface)).toBeGreaterThanOrEqual(3);
  });

  it("a disabled field's helper text keeps the readable secondary colour", () => {
    render(
      <ThemeProvider theme={theme}>
        <TextField label="Subcategory" disabled helperText="Choose a category first" />
      </ThemeProvider>,
    );
    // MUI's default is text.disabled, a translucent grey (2.7:1); the secondary text colour is measured above
    expect(getComputedStyle(screen.getByText('Choose a category first')).color).toBe(hexToRgb(palette.text.secondary));
  });

  it("an unselected toggle button's text keeps the readable secondary colour", () => {
    render(
      <ThemeProvider theme={theme}>
        <ToggleButtonGroup exclusive color="primary" value="equipment">
          <ToggleButton value="equipment">Equipment</ToggleButton>
          <ToggleButton value="affiliate">Partner Products</ToggleButton>
        </ToggleButtonGroup>
      </ThemeProvider>,
    );
    // the marketplace's product-type switch: MUI's default is action.active, 4.4:1 on the light page
    expect(getComputedStyle(screen.getByRole('button', { name: 'Partner Products' })).color).toBe(hexToRgb(palette.text.secondary));
  });
});
