import type { ServiceRequestStatus } from '@dentalmarket/contracts';

export { SERVICE_REQUEST_STATUS_LABELS as STATUS_LABELS } from '@dentalmarket/contracts';

/** The chip colour of each status, as the order chips read: open, under way, offered, done, ended. */
export const STATUS_COLORS = {
  new: 'default',
  contacted: 'secondary',
  quoted: 'primary',
  won: 'success',
  lost: 'error',
} as const satisfies Record<ServiceRequestStatus, string>;

/** The button that moves a request to a status (SERVICE_REQUEST_TRANSITIONS decides which are shown; none leads back to new). */
export const TRANSITION_LABELS: Record<Exclude<ServiceRequestStatus, 'new'>, string> = {
  contacted: 'Mark contacted',
  quoted: 'Send quote',
  won: 'Mark won',
  lost: 'Mark lost',
};

const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day as the API writes it (YYYY-MM-DD, no time zone): read in UTC, so 2026-05-01 never shows as Apr 30 west of Greenwich. */
export const formatCalendarDay = (ymd: string) => calendarDay.format(new Date(`${ymd}T00:00:00Z`));
