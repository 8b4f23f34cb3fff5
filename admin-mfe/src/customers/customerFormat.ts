import type { UserRole } from '@dentalmarket/contracts';

/** The role as the tab names it: the filter's options and the drawer's Role. */
export const ROLE_LABELS: Record<UserRole, string> = { customer: 'Customer', admin: 'Admin' };

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An ISO timestamp's day, in the browser's time zone ('Mar 2, 2026'); '—' when there is none (no order yet). */
export const formatDate = (iso: string | null) => (iso ? date.format(new Date(iso)) : '—');
