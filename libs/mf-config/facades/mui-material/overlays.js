// The fourth part of the shared MUI facade (../mui-material.js): dialogs, drawers and menus (Modal,
// Popover and their transitions come with them).
export { default as Collapse } from '@mui/material/Collapse';
export { default as Dialog } from '@mui/material/Dialog';
export { default as DialogActions } from '@mui/material/DialogActions';
export { default as DialogContent } from '@mui/material/DialogContent';
export { default as DialogTitle } from '@mui/material/DialogTitle';
export { default as Drawer } from '@mui/material/Drawer';
export { default as Menu } from '@mui/material/Menu';
export { default as MenuItem } from '@mui/material/MenuItem';
