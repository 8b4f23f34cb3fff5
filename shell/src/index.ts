// An async boundary: shared singletons must be negotiated before any of them is imported. remotes.ts
// imports no shared module, so the page's remote can be downloaded while they load.
import { startEarlyDownloads } from './remotes.js';

startEarlyDownloads(window.location.pathname);
import('./bootstrap');
