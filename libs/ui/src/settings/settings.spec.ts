import { jest } from '@jest/globals';
import {
  DEFAULT_SETTINGS,
  SETTINGS_CHANGE_EVENT,
  SETTINGS_STORAGE_KEY,
  SettingsSaveError,
  debugLog,
  loadSettings,
  saveSettings,
  settingsEqual,
  type DmSettings,
} from './settings.js';

const copy = (s: DmSettings): DmSettings => JSON.parse(JSON.stringify(s)) as DmSettings;

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('SPEC §9 settings defaults', () => {
  it('has all four debug toggles on, display off and lazy images on', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      debugging: { showCartDebugger: true, showProductDebugPanel: true, verboseConsoleLogging: true, debugAlerts: true },
      // issue 32: the device's colour scheme until the shopper picks one
      display: { showProductTypes: false, compactProductCards: false, darkMode: false, followSystemColorScheme: true },
      performance: { lazyLoadImages: true, minimalAnimations: false },
    });
    expect(SETTINGS_STORAGE_KEY).toBe('dental-marketplace-settings');
  });
});

describe('loadSettings', () => {
  it('gives the defaults, readable, when nothing was saved', () => {
    expect(loadSettings()).toEqual({ settings: DEFAULT_SETTINGS, unreadable: false });
  });

  it('returns a copy, so editing it cannot change the defaults', () => {
    loadSettings().settings.display.darkMode = true;
    expect(DEFAULT_SETTINGS.display.darkMode).toBe(false);
  });

  it.each(['{not json', '[1,2]', 'null', '"text"', '42'])('flags %s as unreadable and uses the defaults', (text) => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, text);
    expect(loadSettings()).toEqual({ settings: DEFAULT_SETTINGS, unreadable: true });
  });

  it('fills missing fields from the defaults and ignores non-boolean values', () => {
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ debugging: { debugAlerts: false, showCartDebugger: 'no' }, display: { darkMode: true }, performance: 7, extra: 1 }),
    );
    const { settings, unreadable } = loadSettings();
    expect(unreadable).toBe(false);
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      debugging: { ...DEFAULT_SETTINGS.debugging, debugAlerts: false },
      // dark mode saved before the device's scheme was followed: still the shopper's choice
      display: { ...DEFAULT_SETTINGS.display, darkMode: true, followSystemColorScheme: false },
    });
  });
});

describe('saveSettings', () => {
  it('writes the whole object and the four debug flags as true/false text, then notifies this tab', () => {
    const listener = jest.fn();
    window.addEventListener(SETTINGS_CHANGE_EVENT, listener);
    const s = copy(DEFAULT_SETTINGS);
    s.debugging.showProductDebugPanel = false;
    s.display.darkMode = true;
    saveSettings(s);
    window.removeEventListener(SETTINGS_CHANGE_EVENT, listener);

    // dark mode switched on: the shopper's choice from now on, no longer the device's scheme
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toEqual({ ...s, display: { ...s.display, followSystemColorScheme: false } });
    expect(localStorage.getItem('showCartDebugger')).toBe('true');
    expect(localStorage.getItem('showProductDebugPanel')).toBe('false');
    expect(localStorage.getItem('verboseConsoleLogging')).toBe('true');
    expect(localStorage.getItem('debugAlerts')).toBe('true');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(loadSettings()).toEqual({ settings: { ...s, display: { ...s.display, followSystemColorScheme: false } }, unreadable: false });
  });

  it("throws stage 'settings' when the main key cannot be written", () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => saveSettings(DEFAULT_SETTINGS)).toThrow(expect.objectContaining({ stage: 'settings' }) as unknown as Error);
  });

  it("throws stage 'debugFlags' when only a flag write fails", () => {
    const real = Storage.prototype.setItem;
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === 'debugAlerts') throw new Error('denied');
      real.call(this, key, value);
    });
    let error: unknown;
    try {
      saveSettings(DEFAULT_SETTINGS);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsSaveError);
    expect((error as SettingsSaveError).stage).toBe('debugFlags');
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).not.toBeNull();
  });
});

describe('settingsEqual', () => {
  it('compares every field', () => {
    const s = copy(DEFAULT_SETTINGS);
    expect(settingsEqual(s, DEFAULT_SETTINGS)).toBe(true);
    s.performance.minimalAnimations = true;
    expect(settingsEqual(s, DEFAULT_SETTINGS)).toBe(false);
  });
});

describe('debugLog', () => {
  it("logs only while verboseConsoleLogging is 'true'", () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    debugLog('hidden');
    localStorage.setItem('verboseConsoleLogging', 'false');
    debugLog('hidden');
    localStorage.setItem('verboseConsoleLogging', 'true');
    debugLog('shown', 1);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('shown', 1);
  });
});
