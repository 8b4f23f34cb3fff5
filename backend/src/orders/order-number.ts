import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a number read aloud or typed from paper is not misread. */
export const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_NUMBER_PATTERN = /^DM-[0-9A-HJKMNP-TV-Z]{6}$/;

/**
 * A new public order number, e.g. DM-7K3QX9: six characters from the crypto RNG (30 bits). Not a
 * secret on its own: a guest also needs the email, a customer sees only their own. A collision
 * with an existing number fails the unique index and the order is retried with a new one.
 */
export function newOrderNumber(): string {
  return newPublicNumber('DM');
}

/** A public number under a prefix: `DM` for orders, `SR` for service requests. */
export function newPublicNumber(prefix: string): string {
  // a byte's low five bits are uniform over the 32 characters
  return `${prefix}-${[...randomBytes(6)].map((byte) => ORDER_NUMBER_ALPHABET[byte & 31]).join('')}`;
}

/** A typed number as stored: trimmed, upper case (the alphabet has no lower-case lookalikes). */
export function normaliseOrderNumber(value: string): string {
  return value.trim().toUpperCase();
}
