import { ConflictException, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { OrderLineConflict, OrderStatus } from '@dentalmarket/contracts';

/** 409 OrderConflictResponse: the lines the shopper must look at again (the filter keeps `lines`). */
export class OrderLinesConflict extends ConflictException {
  constructor(
    readonly lines: OrderLineConflict[],
    message = `${lines.length} line${lines.length === 1 ? '' : 's'} of the cart changed; review the cart and submit again`,
  ) {
    super({ message, lines });
  }
}

/** Another customer's order answers the same as a number that does not exist. */
export class OrderNotFound extends NotFoundException {
  constructor() {
    super('Order not found');
  }
}

/** A status change outside ORDER_TRANSITIONS. */
export class OrderStatusChangeRefused extends ConflictException {
  constructor(from: OrderStatus, to: OrderStatus, allowed: readonly OrderStatus[]) {
    super(`An order that is ${from} cannot become ${to}${allowed.length ? `; it can become ${allowed.join(' or ')}` : '; it is final'}`);
  }
}

/** The Idempotency-Key already made an order from a different request. */
export class IdempotencyKeyReused extends UnprocessableEntityException {
  constructor() {
    super('This Idempotency-Key was already used for a different order request; make a new key for a new attempt');
  }
}

