import type { OrderDto } from '../orders/dto/order.dto.js';

/** A day as the invoice prints it: "Sun, 29 Nov 2026" (UTC, as the emails print due dates). */
export const invoiceDay = (iso: string) => new Date(iso).toUTCString().slice(0, 16);

const MARGIN = 50;
/** the table's columns: description, quantity, unit price, amount (x and width, points on A4) */
const COLUMNS = { item: [MARGIN, 265], quantity: [320, 50], unit: [375, 80], amount: [460, 85] } as const;

/**
 * An order's invoice as a PDF (issue 36), drawn with pdfkit's standard fonts (nothing embedded, so a
 * few kilobytes): the seller, the invoice's number (the order's), dates, the PO number, whom it is
 * billed to, every line, the totals, and how it is paid: by card at checkout, or by invoice with its
 * due date, what was paid and what is outstanding. Resolves to the whole file. pdfkit is loaded at the
 * first invoice, not at the API's start (it is one of the larger modules, and most starts draw none).
 */
export async function invoicePdf(order: OrderDto, practiceName: string | null): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Invoice ${order.number}`, Author: 'DentalMarket' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const right = doc.page.width - MARGIN;
  const width = right - MARGIN;

  doc.font('Helvetica-Bold').fontSize(20).text('DentalMarket', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor('#444').text('Dental supplies marketplace', MARGIN, doc.y);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#000').text('INVOICE', MARGIN, MARGIN, { width, align: 'right' });
  doc.moveDown(2.2);

  const facts: Array<[string, string]> = [
    ['Invoice number', order.number],
    ['Order date', invoiceDay(order.created_at)],
    ['Due date', order.payment_due_at ? invoiceDay(order.payment_due_at) : 'Paid by card at checkout'],
    ['PO number', order.po_number ?? 'None'],
  ];
  const top = doc.y;
  doc.fontSize(10);
  facts.forEach(([label, value], i) => {
    doc.font('Helvetica-Bold').text(`${label}:`, 330, top + i * 15, { width: 90 });
    doc.font('Helvetica').text(value, 420, top + i * 15, { width: right - 420 });
  });
  const ship = order.shipping;
  doc.font('Helvetica-Bold').text('Bill to', MARGIN, top);
  doc.font('Helvetica').text([practiceName, ship.fullName, ship.address, `${ship.city}, ${ship.state} ${ship.zipCode}`, order.email].filter(Boolean).join('\n'), MARGIN, doc.y, { width: 260 });
  doc.y = Math.max(doc.y, top + facts.length * 15) + 25;

  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10);
    cell('Item', 'item', y);
    cell('Qty', 'quantity', y, 'right');
    cell('Unit price', 'unit', y, 'right');
    cell('Amount', 'amount', y, 'right');
    doc.moveTo(MARGIN, y + 14).lineTo(right, y + 14).strokeColor('#888').stroke();
    doc.font('Helvetica').y = y + 20;
  };
  const cell = (text: string, column: keyof typeof COLUMNS, y: number, align: 'left' | 'right' = 'left') =>
    doc.text(text, COLUMNS[column][0], y, { width: COLUMNS[column][1], align, lineBreak: column === 'item' });
  header();
  for (const line of order.lines) {
    const item = `${line.name} (${line.manufacturer})`;
    const height = doc.heightOfString(item, { width: COLUMNS.item[1] });
    if (doc.y + height > doc.page.height - MARGIN - 20) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    cell(item, 'item', y);
    cell(String(line.quantity), 'quantity', y, 'right');
    cell(`$${line.unit_price}`, 'unit', y, 'right');
    cell(`$${line.line_total}`, 'amount', y, 'right');
    doc.y = y + height + 6;
  }

  const totals: Array<[string, string]> = [
    ['Subtotal', order.subtotal],
    ['Shipping', order.shipping_cost],
    ['Tax', order.tax],
    ['Total', order.total],
  ];
  if (order.payment_due_at) {
    const outstanding = order.status === 'cancelled' ? 0 : Math.max(0, Math.round(Number(order.total) * 100) - Math.round(Number(order.amount_paid) * 100));
    totals.push(['Paid', order.amount_paid], ['Outstanding', (outstanding / 100).toFixed(2)]);
  }
  if (doc.y + totals.length * 16 + 60 > doc.page.height - MARGIN) doc.addPage();
  doc.moveTo(COLUMNS.unit[0], doc.y).lineTo(right, doc.y).strokeColor('#888').stroke();
  doc.y += 6;
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font(label === 'Total' || label === 'Outstanding' ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, COLUMNS.unit[0] - 40, y, { width: COLUMNS.unit[1] + 40, align: 'right' });
    doc.text(`$${value}`, COLUMNS.amount[0], y, { width: COLUMNS.amount[1], align: 'right' });
    doc.y = y + 16;
  }
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(9).fillColor('#444');
  const terms = order.status === 'cancelled'
    ? 'This order was cancelled: nothing is due.'
    : order.payment_due_at
      ? order.paid_at
        ? `Paid in full on ${invoiceDay(order.paid_at)}. Thank you.`
        : `Payment terms: by invoice. Please pay the outstanding amount by ${invoiceDay(order.payment_due_at)}, quoting ${order.number}${order.po_number ? ` and PO ${order.po_number}` : ''}.`
      : 'Paid by card at checkout. Thank you.';
  doc.text(terms, MARGIN, doc.y, { width });
  doc.text('All amounts in US dollars.', MARGIN, doc.y + 4, { width });
  doc.end();
  return done;
}
