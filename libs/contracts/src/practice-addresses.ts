/**
 * Issue 36: a practice's address book (its ship-to addresses, shared by every member) and its tax
 * exemption. Re-exported by '@dentalmarket/contracts/practices'; the main entry re-exports the types.
 */

/**
 * The checkout's shipping fields as SPEC §5 checks them (min length and message), with the API's
 * maxima: the address book's dialog and the API's address routes use the same rules.
 */
export const SHIP_TO_RULES = {
  label: { min: 1, max: 60, message: 'Label is required' },
  full_name: { min: 3, max: 200, message: 'Full name is required' },
  address: { min: 5, max: 300, message: 'Address is required' },
  city: { min: 2, max: 100, message: 'City is required' },
  state: { min: 2, max: 100, message: 'State is required' },
  zip_code: { min: 5, max: 20, message: 'ZIP code is required' },
} as const;
export type ShipToField = keyof typeof SHIP_TO_RULES;

/** How many addresses a practice's book may hold. */
export const ADDRESS_BOOK_MAX = 50;

export const ADDRESS_BOOK_MESSAGES = {
  full: `Your practice's address book holds ${ADDRESS_BOOK_MAX} addresses already: remove one first`,
  labelTaken: (label: string) => `Your practice's address book has an address labelled "${label}" already`,
  notFound: "No such address in your practice's address book",
  managers: 'Only an owner or a purchaser of the practice can change its address book',
} as const;

/** A ship-to address of the practice's book. */
export interface PracticeAddress {
  id: number;
  label: string;
  full_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  /** the one the checkout starts with */
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

/** POST /api/practice/addresses (owners, purchasers); the first address becomes the default. */
export interface PracticeAddressCreate {
  label: string;
  full_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  is_default?: boolean;
}

/** PATCH /api/practice/addresses/:id: any field; is_default true makes it the default (false is refused: choose another default instead). */
export type PracticeAddressUpdate = Partial<PracticeAddressCreate>;

/** A practice's tax exemption as the admin sets it and members read it: both fields or neither. */
export interface TaxExemption {
  /** the exemption certificate's number */
  certificate: string;
  /** the last day (YYYY-MM-DD) it is valid: orders placed on a later day pay tax */
  valid_until: string;
}

/** PUT /api/admin/practices/:id/tax-exemption; DELETE removes it. */
export type TaxExemptionUpdate = TaxExemption;

/** GET/PUT /api/admin/practices/:id/tax-exemption: the practice's exemption, null when it has none. */
export interface PracticeTaxExemption {
  practice_id: number;
  name: string;
  exemption: TaxExemption | null;
  /** whether an order placed today is exempt (the certificate is valid today, UTC) */
  active: boolean;
}

export const TAX_EXEMPTION_LIMITS = { certificateMax: 60 } as const;
