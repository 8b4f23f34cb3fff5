import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from '@dentalmarket/ui';
import { SettingsTab } from './SettingsTab.js';

function renderTab() {
  return render(
    <SnackbarProvider>
      <SettingsTab />
    </SnackbarProvider>,
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const checked = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked;
const DEBUG_LABELS = ['Show Cart Debugger', 'Show Product Debug Panel', 'Verbose Console Logging', 'Debug Alerts'];
const stored = () => JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!) as typeof DEFAULT_SETTINGS;

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('SPEC §2/§4 Settings tab', () => {
  it('shows the sections with Debugging open, and nothing to save until a toggle', () => {
    renderTab();
    expect(screen.getByRole('heading', { name: 'System Settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Debugging & Troubleshooting' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Display Settings' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Performance Settings' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Changed')).toBeNull();
    expect(button('Save Changes').disabled).toBe(true);
    expect(button('Reset').disabled).toBe(true);
  });

  it('shows the debug tools as they are in effect: off on a fresh browser, on where their flag is set', () => {
    const { unmount } = renderTab();
    for (const label of DEBUG_LABELS) expect(checked(label)).toBe(false);
    unmount();
    // the object says on (SPEC defaults) but only the cart debugger's own flag, which the tool reads, is 'true'
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(DEFAULT_SETTINGS));
    localStorage.setItem('showCartDebugger', 'true');
    localStorage.setItem('debugAlerts', 'false');
    renderTab();
    expect(DEBUG_LABELS.map(checked)).toEqual([true, false, false, false]);
  });

  it('saving dark mode on a fresh browser turns no debug tool on', async () => {
    renderTab();
    fireEvent.click(screen.getByLabelText('Dark Mode'));
    fireEvent.click(button('Save Changes'));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(stored().display.darkMode).toBe(true);
    for (const flag of ['showCartDebugger', 'showProductDebugPanel', 'verboseConsoleLogging', 'debugAlerts']) expect(localStorage.getItem(flag)).toBe('false');
    expect(stored().debugging).toEqual({ showCartDebugger: false, showProductDebugPanel: false, verboseConsoleLogging: false, debugAlerts: false });
  });

  it("marks 'Changed' on a toggle and clears it when toggled back", () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Display Settings' }));
    fireEvent.click(screen.getByLabelText('Dark Mode'));
    expect(screen.getByText('Changed')).toBeTruthy();
    expect(button('Save Changes').disabled).toBe(false);
    expect(button('Reset').disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Dark Mode'));
    expect(screen.queryByText('Changed')).toBeNull();
  });

  it('saves the object and the four debug flags, then toasts', async () => {
    renderTab();
    fireEvent.click(screen.getByLabelText('Show Product Debug Panel'));
    fireEvent.click(screen.getByLabelText('Dark Mode'));
    fireEvent.click(button('Save Changes'));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(stored().display.darkMode).toBe(true);
    expect(stored().debugging.showProductDebugPanel).toBe(true);
    expect(localStorage.getItem('showProductDebugPanel')).toBe('true');
    expect(localStorage.getItem('showCartDebugger')).toBe('false');
    expect(localStorage.getItem('verboseConsoleLogging')).toBe('false');
    expect(localStorage.getItem('debugAlerts')).toBe('false');
    expect(screen.queryByText('Changed')).toBeNull();
    expect(button('Save Changes').disabled).toBe(true);
  });

  it("Reset puts SPEC's defaults (the four debug tools on) in the draft, which still needs saving", async () => {
    const saved = { ...DEFAULT_SETTINGS, performance: { lazyLoadImages: false, minimalAnimations: true } };
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(saved));
    renderTab();
    expect((screen.getByLabelText('Minimal Animations') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Debug Alerts'));
    fireEvent.click(button('Reset'));
    expect(await screen.findByText('Settings reset')).toBeTruthy();
    expect(DEBUG_LABELS.map(checked)).toEqual([true, true, true, true]);
    expect((screen.getByLabelText('Minimal Animations') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Lazy Load Images') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Changed')).toBeTruthy();
    expect(stored()).toEqual(saved); // not written until Save
  });

  it('tells the user when the saved copy is unreadable', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{broken');
    renderTab();
    expect(await screen.findByText('Could not load saved settings, using defaults instead.')).toBeTruthy();
    expect(checked('Verbose Console Logging')).toBe(false); // no flag set: not in effect
  });

  it("toasts 'Failed to save settings' when storage refuses the settings", async () => {
    renderTab();
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    fireEvent.click(screen.getByLabelText('Compact Product Cards'));
    fireEvent.click(button('Save Changes'));
    expect(await screen.findByText('Failed to save settings')).toBeTruthy();
    expect(screen.getByText('Changed')).toBeTruthy(); // can retry
  });

  it("toasts 'Error saving debug settings' when only the debug flags fail", async () => {
    renderTab();
    const real = Storage.prototype.setItem;
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key !== SETTINGS_STORAGE_KEY) throw new Error('denied');
      real.call(this, key, value);
    });
    fireEvent.click(screen.getByLabelText('Show Cart Debugger'));
    fireEvent.click(button('Save Changes'));
    expect(await screen.findByText('Error saving debug settings')).toBeTruthy();
    expect(screen.getByText('There was a problem saving your debug settings.')).toBeTruthy();
  });
});
