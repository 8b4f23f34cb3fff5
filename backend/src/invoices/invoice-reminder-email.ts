import { centsToDecimal } from '@dentalmarket/contracts';
import { escapeHtml } from '../seo/page-head.js';
import { invoiceDay } from './invoice-pdf.js';

/** A reminder and its invoice, as the email worker reads them (invoice-reminder-sql.ts). */
export interface ReminderRow {
  id: string;
  stage: number;
  number: string;
  status: string;
  po_number: string | null;
  total_cents: string;
  paid_cents: string;
  paid_at: Date | null;
  payment_due_at: Date;
  practice_id: number | null;
  practice_name: string | null;
}

/**
 * The reminder to the practice's owners: before the due date (stage 0) that the invoice is due soon,
 * after it that it is overdue; what is outstanding, the PO number, links to the order and its PDF.
 */
export function reminderEmail(reminder: ReminderRow, origin: string): { subject: string; text: string; html: string } {
  const outstanding = centsToDecimal(Number(reminder.total_cents) - Number(reminder.paid_cents));
  const due = invoiceDay(reminder.payment_due_at.toISOString());
  const overdue = reminder.stage > 0;
  const subject = overdue
    ? `Overdue: invoice ${reminder.number} was due on ${due} ($${outstanding} outstanding)`
    : `Reminder: invoice ${reminder.number} is due on ${due} ($${outstanding} outstanding)`;
  const order = `${origin}/orders/${encodeURIComponent(reminder.number)}`;
  const pdf = `${origin}/api/orders/${encodeURIComponent(reminder.number)}/invoice.pdf`;
  const lines = [
    'Hello,',
    '',
    overdue
      ? `The invoice for order ${reminder.number}${reminder.practice_name ? ` of ${reminder.practice_name}` : ''} was due on ${due} and is not paid yet.`
      : `The invoice for order ${reminder.number}${reminder.practice_name ? ` of ${reminder.practice_name}` : ''} is due on ${due}.`,
    '',
    `Invoice: ${reminder.number}`,
    ...(reminder.po_number ? [`PO number: ${reminder.po_number}`] : []),
    `Total: $${centsToDecimal(Number(reminder.total_cents))}`,
    `Paid so far: $${centsToDecimal(Number(reminder.paid_cents))}`,
    `Outstanding: $${outstanding}`,
    `Due date: ${due}`,
    '',
    `View the order: ${order}`,
    `Download the invoice (PDF): ${pdf}`,
    '',
    overdue ? 'Please pay the outstanding amount now, quoting the invoice number. If you have paid it already, thank you: ignore this email.' : 'Please pay by the due date, quoting the invoice number.',
    '',
    'DentalMarket',
  ];
  const link = (line: string) => {
    const match = /^(View the order|Download the invoice \(PDF\)): (.+)$/.exec(line);
    return match ? `<a href="${escapeHtml(match[2]!)}">${escapeHtml(match[1]!)}</a>` : escapeHtml(line);
  };
  const html = '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.4">\n' + lines.map(link).join('<br>\n') + '\n</body></html>\n';
  return { subject, text: lines.join('\n'), html };
}
