import type { ServiceRequest, ServiceRequestStatus, ServiceRequestSummary } from '@dentalmarket/contracts';

/** Shared fixtures of the service request specs: wire shapes exactly as the contract gives them. */
export const requestSummary = (i: number, status: ServiceRequestStatus = 'new'): ServiceRequestSummary => ({
  number: `SR-${String(i).padStart(6, '0')}`,
  status,
  product_id: 41,
  product_name: 'Sterilisation Audit',
  practice_name: `Practice ${i}`,
  contact_name: `Contact ${i}`,
  email: `contact${i}@practice.example`,
  phone: '+1 503 555 0100',
  preferred_date: '2026-05-01',
  quote_amount: status === 'quoted' || status === 'won' ? '1200.00' : null,
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  placed_by: null,
});

export const serviceRequest = (number: string, status: ServiceRequestStatus): ServiceRequest => ({
  ...requestSummary(1, status),
  number,
  practice_name: 'Bright Smiles Dental',
  contact_name: 'Dana Lee',
  email: 'dana@brightsmiles.example',
  message: 'Two surgeries,\nmornings only.',
  quote_note: status === 'quoted' || status === 'won' ? 'Includes the report' : null,
  events: [{ from_status: null, to_status: 'new', actor: 'guest', note: null, created_at: '2026-03-02T10:00:00.000Z' }],
});
