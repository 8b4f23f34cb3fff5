export { theme } from './theme.js';
export { AppSnackbarProvider } from './AppSnackbarProvider.js';
export { ProductImage, type ProductImageProps } from './ProductImage.js';
export { ProductRating } from './Rating.js';
export { PageSpinner } from './PageSpinner.js';
export { toastMessage } from './toast.js';
export { renderStandalone } from './standalone.js';
export { registerReactInstance } from './registerReact.js';
export { AppProviders, BackToMarketplaceButton } from './AppProviders.js';
