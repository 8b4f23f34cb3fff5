/**
 * The shell's client routes (SPEC §2 Screens and routes). The server answers these paths with the
 * shell's page and 200; any other page path gets the same page with 404, and the shell renders
 * its not-found page there. The shell's router and this list must name the same paths.
 */
export const SHELL_ROUTES = ['/', '/marketplace', '/checkout', '/auth', '/admin'] as const;
export type ShellRoute = (typeof SHELL_ROUTES)[number];

/** Whether a URL path is one of SHELL_ROUTES; a trailing slash matches too, as in the router. */
export function isShellRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (SHELL_ROUTES as readonly string[]).includes(path || '/');
}
