import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material';
import { useSnackbar } from 'notistack';
import { AppSnackbarProvider, TOAST_ANCHOR, useDismissAllToasts } from './AppSnackbarProvider.js';
import { makeTheme } from './theme.js';
import { toastMessage } from './toast.js';

// jsdom has no PointerEvent: a MouseEvent of that name carries clientX as a browser's would
if (typeof window.PointerEvent === 'undefined') {
  window.PointerEvent = class PointerEvent extends MouseEvent {} as typeof window.PointerEvent;
}

function ShowToast() {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <button type="button" onClick={() => enqueueSnackbar(toastMessage('Cart updated', 'Updated quantity for Dental Chair'), { variant: 'success' })}>
      Show toast
    </button>
  );
}

function renderInToasts(children: ReactNode) {
  render(
    <ThemeProvider theme={makeTheme({ darkMode: false, minimalAnimations: true })}>
      <AppSnackbarProvider>{children}</AppSnackbarProvider>
    </ThemeProvider>,
  );
}

function renderWithToast() {
  renderInToasts(<ShowToast />);
  fireEvent.click(screen.getByRole('button', { name: 'Show toast' }));
  return screen.getByRole('alert');
}

// the toast leaves through its exit transition; a loaded machine may take more than waitFor's default second
const gone = () => waitFor(() => expect(screen.queryByText('Cart updated')).toBeNull(), { timeout: 10_000 });

describe('toasts (SPEC §2 Toasts, issue 16)', () => {
  it('render inside the "Notifications (F8)" landmark, which F8 focuses', () => {
    const toast = renderWithToast();
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.contains(toast)).toBe(true);
    fireEvent.keyDown(document.body, { key: 'F8' });
    expect(document.activeElement).toBe(region);
  });

  it("close with the 'Dismiss notification' button", async () => {
    renderWithToast();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await gone();
  });

  it('close with Escape from the toasts', async () => {
    renderWithToast();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Dismiss notification' }), { key: 'Escape' });
    await gone();
  });

  it('close with a swipe right of 50 px, not less', async () => {
    const toast = renderWithToast();
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 130 });
    fireEvent.pointerUp(toast, { clientX: 130 });
    expect(screen.getByText('Cart updated')).toBeTruthy();
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 150 });
    fireEvent.pointerUp(toast, { clientX: 150 });
    await gone();
  });

  it('dismissed all at once (the cart drawer opening, Escape), close the one shown and those waiting behind it: none comes up afterwards', async () => {
    function TwoToasts() {
      const { enqueueSnackbar } = useSnackbar();
      const dismissAll = useDismissAllToasts();
      const show = () => {
        enqueueSnackbar(toastMessage('Added to cart', 'Dental Chair'), { variant: 'success' });
        enqueueSnackbar(toastMessage('Added to cart again', 'Autoclave'), { variant: 'success' });
      };
      return (
        <>
          <button type="button" onClick={show}>
            Add two
          </button>
          <button type="button" onClick={dismissAll}>
            Open the cart
          </button>
        </>
      );
    }
    renderInToasts(<TwoToasts />);
    fireEvent.click(screen.getByRole('button', { name: 'Add two' }));
    // one at a time: the second waits behind the first
    expect(screen.getByText('Added to cart')).toBeTruthy();
    expect(screen.queryByText('Added to cart again')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the cart' }));
    // the first leaves; the state that takes it away is the one that would bring the waiting toast up
    await waitFor(() => expect(screen.queryByText('Added to cart')).toBeNull(), { timeout: 10_000 });
    expect(screen.queryByText('Added to cart again')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sit at the top centre, away from the actions at the bottom and the sides', () => {
    expect(TOAST_ANCHOR).toEqual({ vertical: 'top', horizontal: 'center' });
  });
});
