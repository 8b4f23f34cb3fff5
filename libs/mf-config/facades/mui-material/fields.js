// The fifth part of the shared MUI facade (../mui-material.js): text fields, tabs and toggle buttons
// (TextField brings Input, FormControl and Select).
export { default as InputAdornment } from '@mui/material/InputAdornment';
export { default as Tab } from '@mui/material/Tab';
export { default as Tabs } from '@mui/material/Tabs';
export { default as TextField } from '@mui/material/TextField';
export { default as ToggleButton } from '@mui/material/ToggleButton';
export { default as ToggleButtonGroup } from '@mui/material/ToggleButtonGroup';
