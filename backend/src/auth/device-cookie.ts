import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse } from 'cookie';
import type { Request, Response } from 'express';

/** Sent only to the login route: it means nothing anywhere else. */
export const DEVICE_COOKIE = 'dentalmarket.device';
const DEVICE_COOKIE_PATH = '/api/login';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function signature(secret: string, username: string, nonce: string): Buffer {
  return createHmac('sha256', secret).update(`device-cookie\n${username.toLowerCase()}\n${nonce}`).digest();
}

/**
 * OWASP's device cookie: a browser that signed in as a user before carries `<user>.<nonce>.<HMAC>`,
 * signed with the session secret, and its failed logins are counted apart from everyone else's. An
 * attacker's failures against that user (from anywhere) lock out unknown devices, never this one.
 * Returns the cookie's nonce when it is valid for `username`.
 */
export function trustedDevice(req: Request, secret: string, username: string): string | undefined {
  const value = parse(req.headers.cookie ?? '')[DEVICE_COOKIE];
  const [user, nonce, sig] = value?.split('.') ?? [];
  if (!user || !nonce || !sig) return undefined;
  if (Buffer.from(user, 'base64url').toString('utf8') !== username.toLowerCase()) return undefined;
  // compared as the canonical text: base64url's last character carries spare bits, so decoding would
  // take a cookie whose last character was changed (A for B, say) as the same signature
  const expected = Buffer.from(signature(secret, username, nonce).toString('base64url'));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

/** After a successful sign-in: this browser is trusted for `username` (a new nonce every time). */
export function issueDeviceCookie(req: Request, res: Response, secret: string, username: string): void {
  const nonce = randomBytes(16).toString('base64url');
  const value = `${Buffer.from(username.toLowerCase(), 'utf8').toString('base64url')}.${nonce}.${signature(secret, username, nonce).toString('base64url')}`;
  res.cookie(DEVICE_COOKIE, value, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: DEVICE_COOKIE_PATH, maxAge: ONE_YEAR_MS });
}
