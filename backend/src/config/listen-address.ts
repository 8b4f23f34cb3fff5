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

/** The URL the log names: the address really bound, `[::]`/`0.0.0.0` read as every interface. */
export function listeningUrl(address: string, port: number): string {
  const everywhere = address === '::' || address === '0.0.0.0';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}${everywhere ? ' (every interface)' : ''}`;
}
