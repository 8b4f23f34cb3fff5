// The one SPEC §9 rule, shared with the server's pricing of an order.
export { orderTotals, type OrderTotals } from '@dentalmarket/contracts';
