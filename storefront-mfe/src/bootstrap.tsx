import { renderStandalone } from '@dentalmarket/ui/standalone';
import App from './App.js';

// Standalone page of this remote (its own store); the shell loads ./App through remoteEntry.js instead.
renderStandalone(App);
