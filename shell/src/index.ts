// An async boundary: shared singletons must be negotiated before any of them is imported. remotes.ts
// imports no shared module, so the page's remote can be downloaded while they load.
import { startEarlyDownloads } from './remotes.js';

startEarlyDownloads(window.location.pathname);
// In a task of its own: the federation runtime's negotiation of the bootstrap's ~15 shared modules
// (about half of main.js's 24 ms on this host) runs after this script's evaluation instead of inside
// it, so neither is a long task on a phone (issue 20's TBT).
setTimeout(() => import('./bootstrap'), 0);
