/**
 * Service requests (issue 21): a shopper's 'Request Service' on a service product, and the supplier's
 * workflow new → contacted → quoted (amount, note) → won | lost, each change emailed to the requester.
 */

export const SERVICE_REQUEST_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** The changes an admin may make from each status; won and lost are final. */
export const SERVICE_REQUEST_TRANSITIONS: Record<ServiceRequestStatus, readonly ServiceRequestStatus[]> = {
  new: ['contacted', 'lost'],
  contacted: ['quoted', 'lost'],
  quoted: ['won', 'lost'],
  won: [],
  lost: [],
};

export const SERVICE_REQUEST_STATUS_LABELS: Record<ServiceRequestStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

export const SERVICE_REQUEST_LIMITS = {
  nameMax: 200,
  phoneMax: 40,
  messageMax: 2000,
  noteMax: 1000,
  /** how far ahead a preferred date may be, in days */
  preferredDateMaxDays: 365,
} as const;

/** POST /api/service-requests: what the 'Request Service' dialog sends. */
export interface ServiceRequestCreate {
  product_id: number;
  practice_name: string;
  contact_name: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD, today or later (UTC), within a year; optional */
  preferred_date?: string | null;
  /** optional, at most 2,000 characters */
  message?: string | null;
}

export interface ServiceRequestEvent {
  from_status: ServiceRequestStatus | null;
  to_status: ServiceRequestStatus;
  actor: string;
  note: string | null;
  created_at: string;
}

export interface ServiceRequest {
  /** e.g. 'SR-7K3QX9' */
  number: string;
  status: ServiceRequestStatus;
  product_id: number | null;
  /** the service's name when the request was made */
  product_name: string;
  practice_name: string;
  contact_name: string;
  email: string;
  phone: string;
  preferred_date: string | null;
  message: string | null;
  /** set when quoted: dollars ('1200.00') and the supplier's note */
  quote_amount: string | null;
  quote_note: string | null;
  created_at: string;
  updated_at: string;
  /** issue 36: the practice member who sent it (full name, else username); null for a guest's */
  placed_by: string | null;
  events: ServiceRequestEvent[];
}

/** A row of the shopper's list and of the admin grid. */
export type ServiceRequestSummary = Omit<ServiceRequest, 'events' | 'message' | 'quote_note'>;

export interface ServiceRequestListResponse {
  requests: ServiceRequestSummary[];
  total: number;
  page: number;
  limit: number;
}

/** GET /api/admin/service-requests query. */
export interface AdminServiceRequestListQuery {
  /** a request number, or the start of an email, practice or contact name */
  q?: string;
  status?: ServiceRequestStatus;
  sort?: 'created_at' | 'preferred_date';
  order?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

/** POST /api/admin/service-requests/:number/status. `amount` (dollars) is required for 'quoted'; `note` is optional (the quote's note, or why it was lost). */
export interface ServiceRequestStatusChange {
  status: ServiceRequestStatus;
  amount?: string;
  note?: string;
}
