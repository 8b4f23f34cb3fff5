import { useCallback, useSyncExternalStore } from 'react';
import { TIMINGS } from '@dentalmarket/contracts';
import { DEFAULT_SETTINGS, parseSettings, readDebugFlag, settingsEqual, SETTINGS_CHANGE_EVENT, SETTINGS_STORAGE_KEY, type DebugFlagName, type DmSettings } from './settings.js';

function subscribeToSettings(onChange: () => void): () => void {
  window.addEventListener(SETTINGS_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange); // other tabs
  return () => {
    window.removeEventListener(SETTINGS_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

// useSyncExternalStore needs the same object back while nothing changed, so parse once per stored text.
let cached: { text: string | null; settings: DmSettings } | undefined;

function settingsSnapshot(): DmSettings {
  let text: string | null;
  try {
    text = window.localStorage.getItem(SETTINGS_STORAGE_KEY);
  } catch {
    text = null;
  }
  if (!cached || cached.text !== text) {
    const settings = parseSettings(text).settings;
    // While the defaults are what is saved (nothing, for most shoppers): the defaults themselves, the
    // server's snapshot. A hydrated component whose snapshot is another object than the server's is
    // rendered again by React at once, without yielding: every product card and image of a
    // server-rendered page was, in one long task right after hydrating.
    cached = { text, settings: settingsEqual(settings, DEFAULT_SETTINGS) ? DEFAULT_SETTINGS : settings };
  }
  return cached.settings;
}

const serverSnapshot = () => DEFAULT_SETTINGS;

/** The saved settings, re-rendering when they are saved in this tab or another (read them; never change the object). */
export function useSettings(): DmSettings {
  return useSyncExternalStore(subscribeToSettings, settingsSnapshot, serverSnapshot);
}

/**
 * localStorage[name] === 'true', re-checked every 3 s (SPEC §9) as well as on events, because
 * the flag may be written directly (devtools, another micro-frontend) without any event.
 */
export function useDebugFlag(name: DebugFlagName): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const unsubscribe = subscribeToSettings(onChange);
    const timer = window.setInterval(onChange, TIMINGS.debugPollMs);
    return () => {
      unsubscribe();
      window.clearInterval(timer);
    };
  }, []);
  const snapshot = useCallback(() => readDebugFlag(name), [name]);
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToScheme(onChange: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The device asks for dark (its system setting); never on the server, which renders the light page. */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeToScheme,
    () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
}

/** Dark mode as shown: the shopper's choice, or the device's while they have made none (issue 32). */
export function useDarkMode(): boolean {
  const { display } = useSettings();
  const systemDark = useSystemPrefersDark();
  return display.followSystemColorScheme ? systemDark : display.darkMode;
}
