import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

/**
 * The anonymous visitor of a click: HMAC-SHA256 of the client address and user agent, keyed by a
 * secret that changes every UTC day (itself an HMAC of the app's SESSION_SECRET and the date). The
 * same browser on the same address is one visitor for a day, so bursts can be capped, and the next
 * day it is another: without the secret no hash can be linked to an address, and no two days' hashes
 * to each other. The address and user agent themselves are never stored.
 */
export class VisitorHasher {
  private day = '';
  private key: KeyObject | undefined;

  constructor(private readonly secret: string) {}

  /** 32 bytes as hex. */
  hash(address: string, userAgent: string, at = new Date()): string {
    const day = at.toISOString().slice(0, 10);
    if (day !== this.day) {
      // a KeyObject, made once a day: a Buffer key would be converted into one on every hash
      this.key = createSecretKey(createHmac('sha256', this.secret).update(`partner-click-visitor\n${day}`).digest());
      this.day = day;
    }
    return createHmac('sha256', this.key!).update(`${clientAddress(address)}\n${userAgent}`).digest('hex');
  }
}

/** One client, one address: a dual-stack listener sees an IPv4 client as ::ffff:a.b.c.d. */
export function clientAddress(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}
