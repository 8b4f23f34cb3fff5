import ipaddr from 'ipaddr.js';

/** Default IPv6 prefix a client is counted by: one /64 is what a single host or subscriber is given. */
export const DEFAULT_IPV6_PREFIX = 64;

/**
 * The network a client is counted by in every rate limit: an IPv4 address alone (also when a
 * dual-stack listener sees it as ::ffff:a.b.c.d), an IPv6 address by its first `ipv6Prefix` bits,
 * written as the network in canonical form (`2001:db8:1:2::/64`). One host with a /64 can use 2^64
 * addresses; counted by the exact address string it would never meet a limit. Anything that does
 * not parse (a unix socket, 'unknown') is its own key.
 */
export function clientNetwork(address: string, ipv6Prefix = DEFAULT_IPV6_PREFIX): string {
  // a zone id (fe80::1%eth0) names the interface, not the client
  const bare = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  if (ipv6Prefix >= 128) return v6.toString();
  const bytes = v6.toByteArray();
  for (let bit = ipv6Prefix; bit < 128; bit++) bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6Prefix}`;
}

/** The network of a request's client: its address as TRUST_PROXY makes it (the proxy's client, not the proxy). */
export function requestNetwork(req: { ip?: string; socket: { remoteAddress?: string } }, ipv6Prefix: number): string {
  return clientNetwork(req.ip ?? req.socket.remoteAddress ?? 'unknown', ipv6Prefix);
}
