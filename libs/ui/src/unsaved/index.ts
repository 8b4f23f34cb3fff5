// A dialog with unsaved changes asks before it closes (issue 32): the admin's forms and the shopper's
// service request. Not a shared module: each app that has such a dialog carries its own copy (it holds
// no state beyond the dialog), so the pages with a plain form (sign-in, checkout) do not download it.
export { useUnsavedChangesGuard, type UnsavedChangesGuard, type UnsavedChangesGuardOptions } from './useUnsavedChangesGuard.js';
export { FormikDirtyState } from './FormikDirtyState.js';
