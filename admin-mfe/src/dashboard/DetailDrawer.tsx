import { useId, useState, type ReactNode } from 'react';
import { Box, CircularProgress, Divider, Drawer, IconButton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';

export interface DetailDrawerProps {
  open: boolean;
  /** the heading, which names the drawer */
  title: ReactNode;
  /** the close button's name ('Close order') */
  closeLabel: string;
  onClose: () => void;
  /** after the closing transition: the caller gives focus back (the opener may have left the page) */
  onClosed: () => void;
  children: ReactNode;
}

/**
 * The right-hand drawer a server grid's row opens (an order, a customer): a heading that names it, a
 * close button and a body that scrolls; full width on a phone.
 */
export function DetailDrawer({ open, title, closeLabel, onClose, onClosed, children }: DetailDrawerProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      disableRestoreFocus
      slotProps={{
        paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 560 } } },
        transition: { onExited: onClosed },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography id={titleId} variant="h3" component="h2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <IconButton aria-label={closeLabel} onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', p: 2 }}>{children}</Box>
    </Drawer>
  );
}

/** The drawer's body while its record is fetched. */
export function DrawerLoading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** A part of a drawer, a region named by its heading. */
export function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A label and its value on one line, the value at the right (a total, a figure). */
export function DetailRow({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 600 : undefined }}>
      <Typography component="span" sx={{ fontWeight: 'inherit' }}>{label}</Typography>
      <Typography component="span" sx={{ fontWeight: 'inherit', textAlign: 'right', overflowWrap: 'anywhere' }}>{value}</Typography>
    </Box>
  );
}

/** `key` while it is set, else the last one set: the drawer keeps its record rendered while it slides out. */
export function useLastShown<K>(key: K | null): K | null {
  const [shown, setShown] = useState(key);
  if (key !== null && key !== shown) setShown(key);
  return shown;
}
