import { DEBUG_FLAG_NAMES, type DmSettings } from '@dentalmarket/ui';

type Section = keyof DmSettings;

/** One switch: where it lives in the settings object, its label and its one-line explanation. */
export type SettingField = { [S in Section]: { section: S; key: keyof DmSettings[S] & string; label: string; help: string } }[Section];

export interface SettingsGroup {
  id: Section;
  title: string;
  fields: SettingField[];
}

export const SETTINGS_GROUPS: SettingsGroup[] = [
  {
    id: 'debugging',
    title: 'Debugging & Troubleshooting',
    fields: [
      { section: 'debugging', key: 'showCartDebugger', label: 'Show Cart Debugger', help: 'Floating panel on the store showing the cart contents, with test actions.' },
      { section: 'debugging', key: 'showProductDebugPanel', label: 'Show Product Debug Panel', help: 'Shows the raw product data beside product lists.' },
      { section: 'debugging', key: 'verboseConsoleLogging', label: 'Verbose Console Logging', help: 'Writes detailed diagnostic messages to the browser console.' },
      { section: 'debugging', key: 'debugAlerts', label: 'Debug Alerts', help: 'Shows extra notices when something unexpected happens.' },
    ],
  },
  {
    id: 'display',
    title: 'Display Settings',
    fields: [
      { section: 'display', key: 'showProductTypes', label: 'Show Product Types', help: 'Labels each product card with its product type.' },
      { section: 'display', key: 'compactProductCards', label: 'Compact Product Cards', help: 'Smaller product cards so more fit on screen.' },
      { section: 'display', key: 'darkMode', label: 'Dark Mode', help: 'Light text on dark surfaces across the whole app.' },
    ],
  },
  {
    id: 'performance',
    title: 'Performance Settings',
    fields: [
      { section: 'performance', key: 'lazyLoadImages', label: 'Lazy Load Images', help: 'Loads product images only as they scroll into view.' },
      { section: 'performance', key: 'minimalAnimations', label: 'Minimal Animations', help: 'Turns off transitions and ripple effects.' },
    ],
  },
];

export function readField(settings: DmSettings, field: SettingField): boolean {
  return (settings[field.section] as Record<string, boolean>)[field.key];
}

export function withField(settings: DmSettings, field: SettingField, value: boolean): DmSettings {
  return { ...settings, [field.section]: { ...settings[field.section], [field.key]: value } };
}

/** A debug tool is on only when its own flag is the text 'true' (SPEC §3 browser storage); unreadable storage is off. */
function flagInEffect(name: string): boolean {
  try {
    return window.localStorage.getItem(name) === 'true';
  } catch {
    return false;
  }
}

/**
 * The settings with the debug switches as the tools see them: the cart debugger and debug panel read
 * their own flags, not the settings object (whose defaults say on), so a fresh browser shows them off
 * and saving another setting cannot switch them on.
 */
export function withDebugFlagsInEffect(settings: DmSettings): DmSettings {
  const debugging = Object.fromEntries(DEBUG_FLAG_NAMES.map((name) => [name, flagInEffect(name)])) as DmSettings['debugging'];
  return { ...settings, debugging };
}
