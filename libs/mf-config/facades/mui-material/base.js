// The third part of the shared MUI facade (../mui-material.js): what the header and a product card
// are made of (ButtonBase and its ripple come with the buttons).
export { default as Alert } from '@mui/material/Alert';
export { default as AppBar } from '@mui/material/AppBar';
export { default as Badge } from '@mui/material/Badge';
export { default as Button } from '@mui/material/Button';
export { default as Card } from '@mui/material/Card';
export { default as CardActions } from '@mui/material/CardActions';
export { default as CardContent } from '@mui/material/CardContent';
export { default as Chip } from '@mui/material/Chip';
export { default as CircularProgress } from '@mui/material/CircularProgress';
export { default as IconButton } from '@mui/material/IconButton';
export { default as List } from '@mui/material/List';
export { default as ListItem } from '@mui/material/ListItem';
export { default as ListItemButton } from '@mui/material/ListItemButton';
export { default as ListItemIcon } from '@mui/material/ListItemIcon';
export { default as ListItemText } from '@mui/material/ListItemText';
export { default as Toolbar } from '@mui/material/Toolbar';
