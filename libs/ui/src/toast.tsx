import { forwardRef, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Box, IconButton, styled } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { MaterialDesignContent, useSnackbar, type CustomContentProps, type SnackbarKey } from 'notistack';
import { TOAST_COLORS } from './theme.js';

/** A toast with a title and an optional description line (notistack takes any node as message). */
export function toastMessage(title: string, description?: string): ReactNode {
  return (
    <Box>
      <Box sx={{ fontWeight: 600 }}>{title}</Box>
      {/* full white: a faded description fell under 4.5:1 on the toast colours */}
      {description ? <Box>{description}</Box> : null}
    </Box>
  );
}

/** SPEC §2 Toasts: a swipe right this far dismisses. */
export const TOAST_SWIPE_DISMISS_PX = 50;

/** notistack's own variant colours are 2.8–3.3:1 under white text; these are ≥ 4.5:1 (theme.spec.ts). */
const ColouredContent = styled(MaterialDesignContent)(
  Object.fromEntries(Object.entries(TOAST_COLORS).map(([variant, color]) => [`&.notistack-MuiContent-${variant}`, { backgroundColor: color }])),
);

/** Every toast: the product's colours, and dismissed by a swipe right (SPEC §2). */
export const AppToast = forwardRef<HTMLDivElement, CustomContentProps>(function AppToast(props, ref) {
  const { closeSnackbar } = useSnackbar();
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerEnd = (event: PointerEvent) => {
    if (start.current === null) return;
    const moved = event.clientX - start.current;
    start.current = null;
    if (moved >= TOAST_SWIPE_DISMISS_PX) closeSnackbar(props.id);
    else setOffset(0);
  };
  return (
    <Box
      ref={ref}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      // vertical scrolling stays the browser's; horizontal movement is the swipe
      sx={{ touchAction: 'pan-y', transform: offset ? `translateX(${offset}px)` : undefined, opacity: offset ? 1 - offset / 200 : undefined }}
    >
      <ColouredContent {...props} />
    </Box>
  );
});

/** The close button on every toast. */
export function DismissToast({ id }: { id: SnackbarKey }) {
  const { closeSnackbar } = useSnackbar();
  return (
    <IconButton size="small" color="inherit" aria-label="Dismiss notification" onClick={() => closeSnackbar(id)}>
      <Close fontSize="small" />
    </IconButton>
  );
}
