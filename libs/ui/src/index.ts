export { theme } from './theme.js';
export { AppSnackbarProvider } from './AppSnackbarProvider.js';
export { ProductImage, type ProductImageProps } from './ProductImage.js';
export { ProductRating, ProductRating as Rating } from './Rating.js';
export { Price, formatPrice, type PriceProps } from './Price.js';
export { PageSpinner } from './PageSpinner.js';
export { toastMessage } from './toast.js';
export { registerReactInstance, registerMuiInstance } from './registerReact.js';
export { AppProviders, BackToMarketplaceButton } from './AppProviders.js';
