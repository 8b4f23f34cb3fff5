import { SETTINGS_STORAGE_KEY } from '@dentalmarket/contracts';

/** SPEC §3 "Local settings object": stored in the browser only, no server calls. */
export interface DmSettings {
  debugging: { showCartDebugger: boolean; showProductDebugPanel: boolean; verboseConsoleLogging: boolean; debugAlerts: boolean };
  /**
   * `followSystemColorScheme` (issue 32): dark or light as the device is, until the shopper picks one
   * (the header's switch or the Settings tab), which sets `darkMode` and turns this off.
   */
  display: { showProductTypes: boolean; compactProductCards: boolean; darkMode: boolean; followSystemColorScheme: boolean };
  performance: { lazyLoadImages: boolean; minimalAnimations: boolean };
}

export type DebugFlagName = keyof DmSettings['debugging'];

/** SPEC §9 defaults. */
export const DEFAULT_SETTINGS: DmSettings = {
  debugging: { showCartDebugger: true, showProductDebugPanel: true, verboseConsoleLogging: true, debugAlerts: true },
  display: { showProductTypes: false, compactProductCards: false, darkMode: false, followSystemColorScheme: true },
  performance: { lazyLoadImages: true, minimalAnimations: false },
};

export { SETTINGS_STORAGE_KEY };
/** Same-tab notification: the 'storage' event only fires in other tabs. */
export const SETTINGS_CHANGE_EVENT = 'dm-settings-change';
export const DEBUG_FLAG_NAMES = Object.keys(DEFAULT_SETTINGS.debugging) as DebugFlagName[];

const SECTIONS = Object.keys(DEFAULT_SETTINGS) as (keyof DmSettings)[];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fresh copy of the defaults overlaid with every boolean found in `raw`; anything else is ignored. */
export function normaliseSettings(raw: Record<string, unknown>): DmSettings {
  const out = {} as Record<string, Record<string, boolean>>;
  for (const section of SECTIONS) {
    const given = isRecord(raw[section]) ? raw[section] : {};
    const defaults = DEFAULT_SETTINGS[section] as Record<string, boolean>;
    out[section] = {};
    for (const key of Object.keys(defaults)) {
      out[section][key] = typeof given[key] === 'boolean' ? given[key] : defaults[key];
    }
  }
  // saved before the device's scheme was followed: a dark mode chosen then is still the choice
  const display = isRecord(raw.display) ? raw.display : {};
  if (typeof display.followSystemColorScheme !== 'boolean' && display.darkMode === true) out.display!.followSystemColorScheme = false;
  return out as unknown as DmSettings;
}

export function parseSettings(text: string | null): { settings: DmSettings; unreadable: boolean } {
  if (text === null) return { settings: normaliseSettings({}), unreadable: false };
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return { settings: normaliseSettings(parsed), unreadable: false };
  } catch {
    // falls through to the defaults below
  }
  return { settings: normaliseSettings({}), unreadable: true };
}

export function loadSettings(): { settings: DmSettings; unreadable: boolean } {
  let text: string | null;
  try {
    text = window.localStorage.getItem(SETTINGS_STORAGE_KEY);
  } catch {
    return { settings: normaliseSettings({}), unreadable: true };
  }
  return parseSettings(text);
}

export function settingsEqual(a: DmSettings, b: DmSettings): boolean {
  return SECTIONS.every((section) => {
    const x = a[section] as Record<string, boolean>;
    const y = b[section] as Record<string, boolean>;
    return Object.keys(DEFAULT_SETTINGS[section]).every((key) => x[key] === y[key]);
  });
}

/** Which write failed, so the Settings tab can show the matching SPEC §8 toast. */
export class SettingsSaveError extends Error {
  constructor(
    readonly stage: 'settings' | 'debugFlags',
    cause: unknown,
  ) {
    super(stage === 'settings' ? 'Failed to save settings' : 'Error saving debug settings', { cause });
    this.name = 'SettingsSaveError';
  }
}

export function notifySettingsChanged(): void {
  window.dispatchEvent(new CustomEvent(SETTINGS_CHANGE_EVENT));
}

/**
 * Writes the whole object, then each debug flag under its own key as 'true'/'false' (the debugger
 * and debug panel read those), then tells same-tab listeners. Throws SettingsSaveError on failure.
 */
export function saveSettings(settings: DmSettings): void {
  // dark mode switched (here or in the Settings tab): that is the shopper's choice from now on
  if (settings.display.followSystemColorScheme && settings.display.darkMode !== loadSettings().settings.display.darkMode) {
    settings = { ...settings, display: { ...settings.display, followSystemColorScheme: false } };
  }
  try {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch (cause) {
    throw new SettingsSaveError('settings', cause);
  }
  try {
    for (const name of DEBUG_FLAG_NAMES) window.localStorage.setItem(name, String(settings.debugging[name]));
  } catch (cause) {
    throw new SettingsSaveError('debugFlags', cause);
  } finally {
    // the main object changed even if a flag write failed, so listeners must re-read it
    notifySettingsChanged();
  }
}

export function readDebugFlag(name: string): boolean {
  try {
    return window.localStorage.getItem(name) === 'true';
  } catch {
    return false;
  }
}

/** console.log gated on the verboseConsoleLogging flag, read on every call so toggling needs no reload. */
export function debugLog(...args: unknown[]): void {
  if (readDebugFlag('verboseConsoleLogging')) console.log(...args);
}
