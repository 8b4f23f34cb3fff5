export { getStoreModuleEvaluations } from './evaluations.js';
export { api, hydrateFromServer, RENDERING_ON_SERVER } from './api.js';
export { setApiBaseUrl, getApiBaseUrl, errorText, statusText, SESSION_EXPIRED_MESSAGE, type DmExtraOptions } from './baseQuery.js';
export { makeStore, restoreSavedCart, rootReducer, type AppStore, type AppDispatch, type RootState, type MakeStoreOptions } from './store.js';
export {
  cartSlice,
  cartActions,
  initialCartState,
  cartAddError,
  selectCartItems,
  selectCartCount,
  selectCartSubtotalCents,
  selectIsInCart,
  type CartState,
  type AddToCartPayload,
} from './cartSlice.js';
export { reconcileLines, cartChangeMessage, type CartChange, type CatalogueLine } from './cartReconcile.js';
export { useCartRecheck, CART_RECHECK_MAX_IDS, type CartRecheckOptions } from './useCartRecheck.js';
export {
  sessionSlice,
  initialSessionState,
  sessionActions,
  sessionExpired,
  selectCurrentUser,
  selectSessionStatus,
  selectIsAdmin,
  selectSessionExpired,
  type SessionState,
  type SessionStatus,
} from './sessionSlice.js';
export {
  catalogApi,
  sessionApi,
  useGetCategoriesQuery,
  useGetProductsByTypeQuery,
  useGetProductsByIdsQuery,
  useGetProductPagesInfiniteQuery,
  useGetProductQuery,
  useGetSubcategoriesQuery,
  useGetFeaturedProductsQuery,
  useGetProductFacetsQuery,
  useGetSearchSuggestionsQuery,
  productQueryString,
  type ProductQuery,
  type ProductQuerySort,
  type ProductFacetsQuery,
  useGetMeQuery,
  useGetAdminSessionQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  type LoginCredentials,
  type Registration,
} from './catalogApi.js';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks.js';
export * from './adminApi.js';
export { ordersApi, useCreateOrderMutation, useGetMyOrdersQuery, useGetOrderQuery, useLookupOrderMutation, type CreateOrderArgs } from './ordersApi.js';
export { applyOrderConflict, orderConflictLines } from './orderConflict.js';
export {
  serviceRequestsApi,
  useCreateServiceRequestMutation,
  useGetMyServiceRequestsQuery,
  useGetAdminServiceRequestsQuery,
  useGetAdminServiceRequestQuery,
  useChangeServiceRequestStatusMutation,
} from './serviceRequestsApi.js';
export {
  orderGuidesApi,
  useGetOrderGuidesQuery,
  useGetOrderGuideQuery,
  useCreateOrderGuideMutation,
  useRenameOrderGuideMutation,
  useDeleteOrderGuideMutation,
  useAddOrderGuideLineMutation,
  useUpdateOrderGuideLineMutation,
  useRemoveOrderGuideLineMutation,
  useOrderGuideCartLinesMutation,
} from './orderGuidesApi.js';
