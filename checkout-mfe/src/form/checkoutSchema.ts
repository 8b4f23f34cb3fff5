import * as Yup from 'yup';
import { PO_NUMBER_RULES, SHIP_TO_RULES } from '@dentalmarket/contracts/practices';

/** Issue 36: the practice's purchase-order number, optional unless the practice requires one; the API's rules. */
const poNumber = (required: boolean) => {
  const rule = Yup.string()
    .trim()
    .max(PO_NUMBER_RULES.max, `At most ${PO_NUMBER_RULES.max} characters`)
    .matches(PO_NUMBER_RULES.pattern, { message: 'Use letters, digits, spaces and . _ / # - only, starting with a letter or digit', excludeEmptyString: true });
  return required ? rule.required('Your practice requires a PO number') : rule;
};

/** SPEC §5 Checkout form: every rule and message (card number exactly 16; no message for the maximum). */
export const checkoutSchema = Yup.object({
  fullName: Yup.string().trim().min(3, 'Full name is required').required('Full name is required'),
  email: Yup.string().trim().email('Valid email is required').required('Valid email is required'),
  address: Yup.string().trim().min(5, 'Address is required').required('Address is required'),
  city: Yup.string().trim().min(2, 'City is required').required('City is required'),
  state: Yup.string().trim().min(2, 'State is required').required('State is required'),
  zipCode: Yup.string().trim().min(5, 'ZIP code is required').required('ZIP code is required'),
  cardHolder: Yup.string().trim().min(3, 'Cardholder name is required').required('Cardholder name is required'),
  cardNumber: Yup.string().min(16, 'Valid card number is required').max(16, 'Valid card number is required').required('Valid card number is required'),
  cardExpiry: Yup.string().min(5, 'Valid expiry date is required (MM/YY)').required('Valid expiry date is required (MM/YY)'),
  cardCvc: Yup.string().min(3, 'Valid CVC is required').required('Valid CVC is required'),
  poNumber: poNumber(false),
  /** issue 36: the address-book entry shipped to ('new': the fields as typed), and whether to save a new one to the book under a label */
  shipTo: Yup.string(),
  saveAddress: Yup.boolean(),
  addressLabel: Yup.string()
    .trim()
    .max(SHIP_TO_RULES.label.max, `At most ${SHIP_TO_RULES.label.max} characters`)
    .when('saveAddress', { is: true, then: (rule) => rule.required('A label is required to save the address') }),
});

const CARD_FIELDS = ['cardHolder', 'cardNumber', 'cardExpiry', 'cardCvc'] as const;

/**
 * The form's rules for the shopper's practice (issue 36): a PO number required when it says so; no
 * card fields for a practice on invoice terms (the form has none then).
 */
export const checkoutSchemaFor = (poRequired: boolean, invoice = false) => {
  const withPo = poRequired ? checkoutSchema.shape({ poNumber: poNumber(true) }) : checkoutSchema;
  return invoice ? withPo.shape(Object.fromEntries(CARD_FIELDS.map((field) => [field, Yup.string()]))) : withPo;
};

export type CheckoutValues = Yup.InferType<typeof checkoutSchema>;

/** SPEC §3 Checkout form: all strings, all start empty. */
export const initialCheckoutValues: CheckoutValues = {
  fullName: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  cardHolder: '',
  cardNumber: '',
  cardExpiry: '',
  cardCvc: '',
  poNumber: '',
  shipTo: 'new',
  saveAddress: false,
  addressLabel: '',
};
