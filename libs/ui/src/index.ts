export { theme, makeTheme, type ThemeSettings } from './theme.js';
export { AppSnackbarProvider, useDismissAllToasts } from './AppSnackbarProvider.js';
export { ProductImage, type ProductImageProps } from './ProductImage.js';
export { ProductRating, ProductRating as Rating } from './Rating.js';
export { Price, formatPrice, type PriceProps } from './Price.js';
export { PageSpinner } from './PageSpinner.js';
export { CartLines, useCartChanges } from './CartLines.js';
export { toastMessage } from './toast.js';
export { registerReactInstance, registerMuiInstance } from './registerReact.js';
export { AppProviders, BackToMarketplaceButton } from './AppProviders.js';
export {
  DEFAULT_SETTINGS,
  DEBUG_FLAG_NAMES,
  SETTINGS_STORAGE_KEY,
  SETTINGS_CHANGE_EVENT,
  SettingsSaveError,
  debugLog,
  loadSettings,
  saveSettings,
  settingsEqual,
  type DebugFlagName,
  type DmSettings,
} from './settings/settings.js';
export { useDarkMode, useDebugFlag, useSettings } from './settings/useSettings.js';
export { ProductEditorContext, useProductEditor, type ProductEditorRequest, type OpenProductEditor } from './productEditor.js';
export { useDebouncedValue } from './useDebouncedValue.js';
export { AddressBlock } from './AddressBlock.js';
export { themedStyles, WithThemedClass } from './themedClass.js';
