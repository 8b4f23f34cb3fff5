// @mui/icons-material imports createSvgIcon from the deep path '@mui/material/SvgIcon', which the
// shared '@mui/material' singleton does not cover: every build would carry a second, partial MUI
// (SvgIcon, styles, @mui/system). Routing that one path to the barrel keeps icons on the shared copy.
export { SvgIcon as default, createSvgIcon, svgIconClasses } from '@mui/material';
