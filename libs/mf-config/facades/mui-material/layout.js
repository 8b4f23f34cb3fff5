// The second part of the shared MUI facade (../mui-material.js): the layout and text primitives.
export { default as Box } from '@mui/material/Box';
export { default as Container } from '@mui/material/Container';
export { default as Divider } from '@mui/material/Divider';
export { default as Link } from '@mui/material/Link';
export { default as Paper } from '@mui/material/Paper';
export { default as Skeleton } from '@mui/material/Skeleton';
export { default as Stack } from '@mui/material/Stack';
export { default as Typography } from '@mui/material/Typography';
export { default as SvgIcon, createSvgIcon, svgIconClasses } from '@dentalmarket/unshared/mui-svg-icon';
