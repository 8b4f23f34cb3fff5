// An async boundary: shared singletons must be negotiated before any of them is imported. remotes.ts
// imports no shared module, so the remotes' URLs can be asked for while they load.
import { startManifestFetch } from './remotes.js';

startManifestFetch();
import('./bootstrap');
