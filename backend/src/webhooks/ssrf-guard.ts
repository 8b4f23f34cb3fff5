import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The webhooks' guard against server-side request forgery: an admin (or a leaked API key) registering
 * `http://169.254.169.254/…` would otherwise make the API post to the cloud's metadata service, or to
 * the database's port on the private network. Outside WEBHOOK_ALLOW_PRIVATE, an endpoint must be
 * https:// and every address its host resolves to must be public unicast. Checked when an endpoint is
 * registered or changed (a clear 400), and again on the address each delivery actually connects to
 * (`guardedLookup`), because a DNS name may resolve elsewhere by then (DNS rebinding).
 */

const LOOKUP_TIMEOUT_MS = 5_000;

/** ipaddr.js's ranges in the words of an error message; anything but 'unicast' is refused. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  uniqueLocal: 'unique-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

/** Why `address` is not a public unicast address ('loopback', 'private', …), or null when it is one. */
export function nonPublicRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'not an IP address';
  }
  // ::ffff:127.0.0.1 reaches 127.0.0.1: judge the IPv4 address it carries
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? `reserved (${range})`;
}

/** The URL's host as an IP literal (brackets of IPv6 removed), or null for a DNS name. */
function ipLiteral(hostname: string): string | null {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(bare) ? bare : null;
}

/** A refused address: at registration a 400's text, at delivery the attempt's error. */
export class BlockedAddress extends Error {
  constructor(
    readonly address: string,
    readonly range: string,
  ) {
    super(`blocked: ${address} is ${/^[aeiou]/.test(range) ? 'an' : 'a'} ${range} address`);
  }
}

/**
 * Why `url` cannot be an endpoint (a sentence naming the field), or null. Without `allowPrivate` the
 * host is resolved here (a name that does not resolve is refused too: nothing could be delivered).
 */
export async function endpointUrlProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be an absolute URL, such as https://erp.example.com/hooks/dentalmarket';
  }
  if (parsed.username || parsed.password) return 'url must not contain a user name or password (the signature authenticates each delivery)';
  if (allowPrivate) return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? null : 'url must be an http:// or https:// URL';
  if (parsed.protocol !== 'https:') return 'url must be an https:// URL';
  const literal = ipLiteral(parsed.hostname);
  // a resolver that does not answer must not hold the admin's request: 5 s, then "could not be resolved"
  let timer: NodeJS.Timeout | undefined;
  const addresses = literal
    ? [literal]
    : await Promise.race([
        dns.promises.lookup(parsed.hostname, { all: true }).then(
          (found) => found.map((entry) => entry.address),
          () => null,
        ),
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), LOOKUP_TIMEOUT_MS))),
      ]).finally(() => clearTimeout(timer));
  if (!addresses || addresses.length === 0) return `url's host ${parsed.hostname} could not be resolved`;
  for (const address of addresses) {
    const range = nonPublicRange(address);
    if (range) return `url must resolve to a public address (${address} is ${range})`;
  }
  return null;
}

/** Throws BlockedAddress when the URL's host is an IP literal that is not public (lookup is not called for literals). */
export function assertPublicLiteral(url: URL): void {
  const literal = ipLiteral(url.hostname);
  const range = literal && nonPublicRange(literal);
  if (range) throw new BlockedAddress(literal, range);
}

/**
 * A `lookup` for http(s).request that resolves as usual and fails the connection when any address is
 * not public: the check is on the addresses the socket will use, not on an earlier resolution.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    for (const { address } of list) {
      const range = nonPublicRange(address);
      if (range) return callback(new BlockedAddress(address, range), '', 4);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, list);
    const [first] = list;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
    callback(null, first.address, first.family);
  });
};
