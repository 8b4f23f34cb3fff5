// `npm run dev`: each frontend's dev server and what the shell's proxies.
/** Dev-server port of each frontend (`npm run dev`). */
export const DEV_PORTS = { shell: 3100, storefront: 3101, checkout: 3102, admin: 3103 };

/** Where the API (and, by default, the built remotes under /remotes) answer in development. */
const API_TARGET = process.env.DM_API_URL || 'http://localhost:3000';

/**
 * The shell's dev proxy. By default /remotes/* goes to the API, which serves each remote's built
 * dist; DM_DEV_REMOTES=storefront,checkout (or `all`) sends those remotes to their own dev servers
 * instead, so a remote's team sees its live code inside the shell.
 */
export function devProxy(isHost) {
  const wanted = (process.env.DM_DEV_REMOTES || '').split(',').map((s) => s.trim()).filter(Boolean);
  const live = Object.keys(DEV_PORTS).filter((n) => n !== 'shell' && (wanted.includes('all') || wanted.includes(n)));
  return [
    ...(isHost
      ? live.map((n) => ({
          context: [`/remotes/${n}`],
          target: `http://localhost:${DEV_PORTS[n]}`,
          pathRewrite: { [`^/remotes/${n}`]: '' },
        }))
      : []),
    { context: ['/api', '/media', ...(isHost ? ['/remotes'] : [])], target: API_TARGET },
  ];
}

