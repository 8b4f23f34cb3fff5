import type { TaxExemption } from './practice-addresses.js';
/**
 * Practices (issue 36): every shopper account belongs to a practice, with a role in it. The API's
 * /api/practice routes and the shopper's Practice page share these shapes. Imported as
 * '@dentalmarket/contracts/practices' (the main entry re-exports the types only): the roles' labels
 * and limits stay out of the shared contracts every shopper's page downloads.
 */

export const PRACTICE_ROLES = ['owner', 'purchaser', 'assistant'] as const;
export type PracticeRole = (typeof PRACTICE_ROLES)[number];

/** Each role as the Practice page names it. */
export const PRACTICE_ROLE_LABELS: Readonly<Record<PracticeRole, string>> = {
  owner: 'Owner',
  purchaser: 'Purchaser',
  assistant: 'Assistant',
};

export const PRACTICE_LIMITS = {
  nameMax: 200,
  phoneMax: 40,
  taxIdMax: 40,
  /** how long an invitation's link is valid */
  invitationDays: 7,
  /** an order awaiting approval expires after this many days unless the practice sets another (1 to approvalDaysMax) */
  approvalDaysDefault: 7,
  approvalDaysMax: 30,
  /** the reason an owner gives for declining an order */
  declineReasonMax: 1000,
} as const;

/**
 * A purchase-order number (issue 36), as checkout, the API and the emails take it: trimmed, 1 to 35
 * characters (EDI's and most accounting systems' limit), letters, digits and the separators POs use.
 */
export const PO_NUMBER_RULES = {
  max: 35,
  pattern: /^[A-Za-z0-9](?:[A-Za-z0-9 ._/#-]*[A-Za-z0-9._/#-])?$/,
  charactersMessage: 'po_number may hold only letters, digits, spaces and . _ / # - (starting with a letter or digit)',
  lengthMessage: 'po_number must be at most 35 characters',
  requiredMessage: 'po_number: your practice requires a PO number for every order',
} as const;

export const NET_DAYS_MAX = 120;

export * from './practice-addresses.js';

/** POST /api/orders (409) for an order over a practice's remaining credit: names the limit. */
export const overCreditMessage = (total: string, remaining: string, limit: string) =>
  `This order's total of $${total} is over your practice's remaining credit of $${remaining} (credit limit $${limit} on invoice terms): pay open invoices or ask DentalMarket to raise the limit`;

/** What POST /api/orders answers (201) an order that now awaits an owner's approval: the checkout says this. */
export const SUBMITTED_FOR_APPROVAL = 'Submitted for approval';

/** What POST /api/orders answers an assistant (403): assistants prepare orders, others place them. */
export const ASSISTANT_CANNOT_ORDER = 'Assistants prepare orders; an owner or purchaser places them.';

export interface PracticeMember {
  user_id: number;
  username: string;
  full_name: string | null;
  email: string;
  role: PracticeRole;
  joined_at: string;
}

export interface Practice {
  id: number;
  name: string;
  phone: string | null;
  tax_id: string | null;
  created_at: string;
  updated_at: string;
  members: PracticeMember[];
  /** the signed-in member's role */
  my_role: PracticeRole;
  /** the signed-in member's account id */
  my_user_id: number;
  /** every order must carry a PO number */
  po_required: boolean;
  /** assistants' orders, and purchasers' above approval_threshold, wait for an owner's approval */
  approvals_enabled: boolean;
  /** with approvals on: a purchaser's order whose total is above this (dollars, e.g. "500.00") needs approval; null: purchasers' never do */
  approval_threshold: string | null;
  /** an order awaiting approval expires after this many days */
  approval_days: number;
  /** how the practice pays (the admin sets it): 'card' at checkout, or 'invoice' within a credit limit */
  payment_terms: PaymentTerms;
  /** invoice terms: payment is due this many days after an order is placed; null for card */
  net_days: number | null;
  /** invoice terms: the most the open invoices may add up to (dollars); null for card */
  credit_limit: string | null;
  /** invoice terms: the practice's unpaid, uncancelled invoices (dollars); null for card */
  open_balance: string | null;
  /** the admin's record of the practice's tax-exemption certificate, or null */
  tax_exemption: TaxExemption | null;
  /** whether an order placed today carries no tax (the certificate is valid today, UTC) */
  tax_exempt_now: boolean;
}

export const PAYMENT_TERMS = ['card', 'invoice'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** PUT /api/admin/practices/:id/terms: card, or invoice net N days (1-120) within a credit limit. */
export interface PracticeTermsUpdate {
  payment_terms: PaymentTerms;
  net_days?: number | null;
  credit_limit?: string | null;
}

/** A practice's payment terms as the admin reads them, with its open balance. */
export interface PracticeTerms {
  practice_id: number;
  name: string;
  payment_terms: PaymentTerms;
  net_days: number | null;
  credit_limit: string | null;
  open_balance: string;
}

/** PATCH /api/practice (owners): any of the three; null clears phone or tax id. */
export interface PracticeUpdate {
  name?: string;
  phone?: string | null;
  tax_id?: string | null;
  /** the ordering settings (issue 36) */
  po_required?: boolean;
  approvals_enabled?: boolean;
  approval_threshold?: string | null;
  approval_days?: number;
}

/** POST /api/orders/:number/decline (owners): the reason, emailed to the member who submitted the order. */
export interface OrderDecline {
  reason: string;
}

export type PracticeInvitationStatus = 'pending' | 'expired';

/** An invitation an owner sees (pending or expired; accepted and revoked ones leave the list). */
export interface PracticeInvitation {
  id: string;
  email: string;
  role: PracticeRole;
  status: PracticeInvitationStatus;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
}

export interface PracticeInvitationCreate {
  email: string;
  role: PracticeRole;
}

export interface PracticeMemberUpdate {
  role: PracticeRole;
}

/** GET /api/invitations/:token: what the link offers, and whether it can still be accepted. */
export interface InvitationPreview {
  practice_name: string;
  role: PracticeRole;
  email: string;
  invited_by: string | null;
  expires_at: string;
  valid: boolean;
  /** why not, when not valid: 'expired', 'used' or 'revoked' */
  reason: 'expired' | 'used' | 'revoked' | null;
}

/** POST /api/invitations/:token/accept: signed out, the new account's fields (its email is the invitation's); signed in, nothing. */
export interface InvitationAccept {
  username?: string;
  password?: string;
  full_name?: string | null;
}

/**
 * Invoice payments and reminders (issue 36). A payment's reference (a cheque or transfer number) and
 * note are optional; reminders go to the practice's owners REMINDER_DAYS_BEFORE days before an
 * invoice is due, the day after it is due, then every OVERDUE_REMINDER_EVERY_DAYS days until it is
 * paid or cancelled, up to OVERDUE_REMINDERS_MAX overdue reminders.
 */
export const PAYMENT_LIMITS = { referenceMax: 100, noteMax: 1000 } as const;
export const REMINDER_DAYS_BEFORE = 3;
export const OVERDUE_REMINDER_EVERY_DAYS = 7;
export const OVERDUE_REMINDERS_MAX = 8;

/** POST /api/admin/orders/:number/payments (409): more than the invoice has outstanding. */
export const overPaymentMessage = (number: string, amount: string, outstanding: string) =>
  `A payment of $${amount} is more than the $${outstanding} outstanding on order ${number}: record at most what is outstanding`;
/** (409) an order without invoice terms takes no payments. */
export const notInvoiceMessage = (number: string) => `Order ${number} was paid by card at checkout: only invoices take payments`;
/** (409) a paid invoice takes no more payments. */
export const alreadyPaidMessage = (number: string) => `Order ${number} is paid in full: there is nothing outstanding`;
/** (409) a cancelled order's invoice is void. */
export const cancelledInvoiceMessage = (number: string) => `Order ${number} is cancelled: its invoice takes no payments`;
/** (400) a payment dated after today. */
export const PAYMENT_DATE_FUTURE = 'paid_on must not be in the future';
