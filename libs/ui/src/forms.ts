// Form pieces, apart from the main entry so that formik is downloaded only by the pages with a form
// (sign-in, checkout, admin), not by every page that uses the theme or a price.
export { FormikTextField, type FormikTextFieldProps } from './FormikTextField.js';
export { FocusFirstError } from './FocusFirstError.js';
