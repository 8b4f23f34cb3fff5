import { jest } from '@jest/globals';
import { act, render, renderHook, screen } from '@testing-library/react';
import { useTheme } from '@mui/material';
import { makeStore } from '@dentalmarket/store';
import { AppProviders } from '../AppProviders.js';
import { makeTheme } from '../theme.js';
import { hydrateAt } from '../screenAt.js';
import { DEFAULT_SETTINGS, saveSettings, SETTINGS_STORAGE_KEY, type DmSettings } from './settings.js';
import { useDarkMode, useDebugFlag, useSettings } from './useSettings.js';

const withDisplay = (display: Partial<DmSettings['display']>): DmSettings => ({ ...DEFAULT_SETTINGS, display: { ...DEFAULT_SETTINGS.display, ...display } });

afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

describe('useSettings', () => {
  it('returns the same object until a save, then the saved settings', () => {
    const { result, rerender } = renderHook(() => useSettings());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    act(() => saveSettings(withDisplay({ darkMode: true })));
    expect(result.current.display.darkMode).toBe(true);
  });

  // React renders a hydrated component again, at once and without yielding, when its snapshot is not
  // the server's: every card and image of a server-rendered page did, right after hydrating
  it.each([
    ['nothing is saved', null],
    ['the saved settings are the defaults', JSON.stringify(DEFAULT_SETTINGS)],
  ])('hydrates without rendering again when %s', async (_case, saved) => {
    if (saved !== null) localStorage.setItem(SETTINGS_STORAGE_KEY, saved);
    let renders = 0;
    function Card() {
      const { display } = useSettings();
      renders += 1;
      return <p>{display.compactProductCards ? 'compact' : 'roomy'}</p>;
    }
    expect(await hydrateAt(<Card />, 1280)).toEqual([]);
    await act(async () => undefined); // every update React has scheduled (effects, a store's change) runs here
    // once on the server, once hydrating, and no more
    expect(renders).toBe(2);
    expect(screen.getByText('roomy')).toBeTruthy();
  });

  it('renders saved settings other than the defaults once hydrated', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(withDisplay({ compactProductCards: true })));
    function Card() {
      const { display } = useSettings();
      return <p>{display.compactProductCards ? 'compact' : 'roomy'}</p>;
    }
    expect(await hydrateAt(<Card />, 1280)).toEqual([]);
    await act(async () => undefined); // every update React has scheduled (effects, a store's change) runs here
    expect(screen.getByText('compact')).toBeTruthy();
  });
});

describe('useDebugFlag', () => {
  it('picks up a flag written without any event within the 3 s poll', () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useDebugFlag('showCartDebugger'));
    expect(result.current).toBe(false);
    localStorage.setItem('showCartDebugger', 'true');
    act(() => jest.advanceTimersByTime(2999));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});

describe('makeTheme', () => {
  it('switches palette mode and, for minimal animations, transitions and ripple', () => {
    expect(makeTheme({ darkMode: false, minimalAnimations: false }).palette.mode).toBe('light');
    const calm = makeTheme({ darkMode: true, minimalAnimations: true });
    expect(calm.palette.mode).toBe('dark');
    expect(calm.transitions.create('opacity')).toBe('none');
    expect(calm.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });
});

describe('AppProviders', () => {
  it('switches to the dark theme when dark mode is saved, without remounting', () => {
    function Mode() {
      return <span>{useTheme().palette.mode}</span>;
    }
    render(
      <AppProviders store={makeStore(undefined, { persistCart: false })}>
        <Mode />
      </AppProviders>,
    );
    expect(screen.getByText('light')).toBeTruthy();
    act(() => saveSettings(withDisplay({ darkMode: true })));
    expect(screen.getByText('dark')).toBeTruthy();
  });
});

describe('dark mode follows the device until the shopper picks (issue 32)', () => {
  function deviceScheme(dark: boolean) {
    const listeners = new Set<() => void>();
    const query = { matches: dark, addEventListener: (_: string, l: () => void) => listeners.add(l), removeEventListener: (_: string, l: () => void) => listeners.delete(l) };
    window.matchMedia = ((text: string) => (text === '(prefers-color-scheme: dark)' ? query : { matches: false, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    return {
      set(next: boolean) {
        query.matches = next;
        listeners.forEach((l) => l());
      },
    };
  }

  it("is the device's scheme while nothing is chosen, and changes with it", () => {
    const device = deviceScheme(true);
    const { result } = renderHook(() => useDarkMode());
    expect(result.current).toBe(true);
    act(() => device.set(false));
    expect(result.current).toBe(false);
  });

  it("is the shopper's choice once made, whatever the device says", () => {
    deviceScheme(true);
    const { result } = renderHook(() => useDarkMode());
    act(() => saveSettings({ ...DEFAULT_SETTINGS, display: { ...DEFAULT_SETTINGS.display, darkMode: false, followSystemColorScheme: false } }));
    expect(result.current).toBe(false);
  });
});
