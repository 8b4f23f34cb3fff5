import { jest } from '@jest/globals';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Dialog, TextField } from '@mui/material';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.js';

/** A dialog with one field, guarded as the admin's form dialogs are; `onClosed` counts the closings. */
function NoteDialog({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const [note, setNote] = useState('');
  const guard = useUnsavedChangesGuard({
    open,
    dirty: note !== '',
    onClose: () => {
      setOpen(false);
      onClosed();
    },
  });
  return (
    <>
      <Dialog open={open} onClose={guard.requestClose} aria-label="Note">
        <TextField label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
        <Button onClick={guard.requestClose}>Cancel</Button>
        <Button onClick={guard.closeAfterSave}>Save</Button>
      </Dialog>
      {guard.discardDialog}
    </>
  );
}

/** The browser's Navigation API as far as the guard uses it; jsdom has none. */
class FakeNavigation extends EventTarget {
  traverseTo = jest.fn((_key: string) => ({ committed: Promise.resolve(), finished: Promise.resolve() }));
}

/** A navigate event as the browser fires it for a pushState (BrowserRouter's Link), back/forward, etc. */
function navigate(url: string, navigationType: NavigationType = 'push', { sameDocument = true, hashChange = false, cancelable = true } = {}) {
  const event = new Event('navigate', { cancelable });
  Object.assign(event, { destination: { url: new URL(url, window.location.href).href, sameDocument, key: 'entry-2' }, navigationType, hashChange, downloadRequest: null });
  act(() => void (window as unknown as { navigation: FakeNavigation }).navigation.dispatchEvent(event));
  return event;
}

const beforeUnload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

const question = () => screen.queryByRole('dialog', { name: 'Discard changes?' });
const type = (text: string) => fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: text } });

let navigation: FakeNavigation;
beforeEach(() => {
  window.history.replaceState({ idx: 0 }, '', '/admin');
  navigation = new FakeNavigation();
  Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
});
afterEach(() => {
  delete (window as { navigation?: unknown }).navigation;
});

describe('issue 32: a dialog with unsaved changes asks before it closes', () => {
  it("asks 'Discard changes?' before Cancel closes it, with 'Keep editing' focused; 'Keep editing' keeps the typing", async () => {
    const onClosed = jest.fn();
    render(<NoteDialog onClosed={onClosed} />);
    type('Call the lab');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const asked = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    expect(asked.getByText('You have unsaved changes. They will be lost.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(asked.getByRole('button', { name: 'Keep editing' })));
    fireEvent.click(asked.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(onClosed).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement).value).toBe('Call the lab');
  });

  it("asks before Escape and a click outside close it; 'Discard' closes it", async () => {
    const onClosed = jest.fn();
    render(<NoteDialog onClosed={onClosed} />);
    type('Call the lab');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note' }), { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull());
    const container = document.querySelector('.MuiDialog-container') as HTMLElement;
    fireEvent.mouseDown(container);
    fireEvent.click(container);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(question()).toBeNull());
  });

  it('closes at once without changes, and after a save without asking', async () => {
    const first = jest.fn();
    const { unmount } = render(<NoteDialog onClosed={first} />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note' }), { key: 'Escape' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
    unmount();

    const second = jest.fn();
    render(<NoteDialog onClosed={second} />);
    type('Call the lab');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(second).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
  });
});

describe('issue 32: route changes and closing the tab', () => {
  it("holds a route change back while asking; 'Keep editing' stays on the page", async () => {
    const onClosed = jest.fn();
    render(<NoteDialog onClosed={onClosed} />);
    type('Call the lab');
    const event = navigate('/marketplace');
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(window.location.pathname).toBe('/admin');
    expect(onClosed).not.toHaveBeenCalled();
  });

  it("after 'Discard' closes the dialog and carries the route change out, announced to the router by popstate", async () => {
    const onClosed = jest.fn();
    const popped = jest.fn();
    window.addEventListener('popstate', popped);
    render(<NoteDialog onClosed={onClosed} />);
    type('Call the lab');
    navigate('/marketplace?type=affiliate');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(window.location.pathname + window.location.search).toBe('/marketplace?type=affiliate');
    expect(window.history.state).toEqual({ idx: 1 });
    expect(popped).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', popped);
    await waitFor(() => expect(question()).toBeNull());
  });

  it("goes back or forward after 'Discard' when that was the route change held back", async () => {
    render(<NoteDialog onClosed={() => undefined} />);
    type('Call the lab');
    expect(navigate('/', 'traverse').defaultPrevented).toBe(true);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(navigation.traverseTo).toHaveBeenCalledWith('entry-2');
    await waitFor(() => expect(question()).toBeNull());
  });

  it('lets through what is not a route change, everything without changes, and everything after a save', async () => {
    const { unmount } = render(<NoteDialog onClosed={() => undefined} />);
    expect(navigate('/marketplace').defaultPrevented).toBe(false);
    expect(beforeUnload().defaultPrevented).toBe(false);
    type('Call the lab');
    expect(navigate('/admin#orders', 'push', { hashChange: true }).defaultPrevented).toBe(false);
    expect(navigate('https://partner.example/', 'push', { sameDocument: false }).defaultPrevented).toBe(false);
    expect(navigate('/', 'traverse', { cancelable: false }).defaultPrevented).toBe(false);
    expect(question()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(navigate('/marketplace').defaultPrevented).toBe(false);
    expect(beforeUnload().defaultPrevented).toBe(false);
    unmount();
  });

  it('has the browser ask before the tab is closed or reloaded with unsaved changes', () => {
    const { unmount } = render(<NoteDialog onClosed={() => undefined} />);
    type('Call the lab');
    expect(beforeUnload().defaultPrevented).toBe(true);
    unmount();
    expect(beforeUnload().defaultPrevented).toBe(false);
  });
});
