// What every build imports from 'formik', and all it shares (index.js aliases 'formik' here): a
// shared module ships every export (withFormik, FastField, connect...); this is what the apps use.
// A name missing here fails the build (exportsPresence: 'error'): add it here and run `npm run shared-versions`;
// Formik is a singleton, so a remote using the new name needs a shell that has it.
export { FieldArray, Form, Formik, useField, useFormikContext } from '@dentalmarket/unshared/formik';
