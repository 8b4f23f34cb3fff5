import ipaddr from 'ipaddr.js';

/**
 * Whether HOST keeps the API on this machine: a loopback address (127.0.0.0/8, ::1) or `localhost`.
 * Unset (every interface), `0.0.0.0`, `::` and any other address or name reach beyond it.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  if (host.toLowerCase() === 'localhost') return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return address.range() === 'loopback';
}

/** The wildcard addresses, each with the loopback address of its family. */
const EVERY_INTERFACE = new Map([
  ['::', '::1'],
  ['0.0.0.0', '127.0.0.1'],
]);

/** An address as a URL's host: an IPv6 one in brackets. */
const urlHost = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** The URL the log names: the address really bound, `[::]`/`0.0.0.0` read as every interface. */
export function listeningUrl(address: string, port: number): string {
  return `http://${urlHost(address)}:${port}${EVERY_INTERFACE.has(address) ? ' (every interface)' : ''}`;
}

/** Where the process reaches itself on the address it bound: its loopback when that is every interface. */
export function ownUrl(address: string, port: number): string {
  return `http://${urlHost(EVERY_INTERFACE.get(address) ?? address)}:${port}`;
}
