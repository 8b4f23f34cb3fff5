import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';

/**
 * An API key's secret: `dm_sk_<random>_<checksum>`. The fixed prefix lets secret scanners (GitHub's,
 * a log search) recognise a leaked key; the random part is 32 base62 characters (190 bits); the
 * checksum, a CRC32 of everything before it in 6 base62 characters, lets the API refuse a mistyped
 * or truncated key without reading the database.
 */
export const SECRET_PREFIX = 'dm_sk_';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** What the list shows and logs may carry: `dm_sk_` and the first 8 random characters. */
export const DISPLAY_PREFIX_LENGTH = SECRET_PREFIX.length + 8;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_SHAPE = new RegExp(`^${SECRET_PREFIX}([0-9A-Za-z]{${RANDOM_LENGTH}})_([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`);

/** `length` base62 characters, each uniform: bytes of 248 and above are dropped (248 = 4 × 62), so none is likelier. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** CRC32 of `text` in exactly 6 base62 characters (62^6 > 2^32), zero-padded. */
export function checksumOf(text: string): string {
  let value = zlib.crc32(text);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** A new secret, shown to the admin once; only its hash is stored. */
export function newSecret(): string {
  const body = `${SECRET_PREFIX}${randomBase62(RANDOM_LENGTH)}`;
  return `${body}_${checksumOf(body)}`;
}

/**
 * Why a presented secret cannot be a key of ours, or null when its shape and checksum hold. Said to
 * the caller, who holds the secret: nothing here is news to them.
 */
export function secretProblem(secret: string): string | null {
  const match = SECRET_SHAPE.exec(secret);
  if (!match) return `The API key is malformed: expected ${SECRET_PREFIX} followed by ${RANDOM_LENGTH} letters or digits, an underscore and a ${CHECKSUM_LENGTH}-character checksum`;
  if (checksumOf(`${SECRET_PREFIX}${match[1]}`) !== match[2]) return "The API key's checksum does not match: it was mistyped or cut short";
  return null;
}

/**
 * What the database stores and looks a key up by. One SHA-256 is enough (no salt, no slow hash):
 * the secret is 190 random bits, not a password a dictionary could guess.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, DISPLAY_PREFIX_LENGTH);
}
