/**
 * The server render's thread (server-render.ts starts it): it loads the shell's server bundle
 * (shell/dist/server/ssr.js), which loads the remotes' server containers, and renders the pages it
 * is asked for, several at once (each waits on its data between renders). A page's render is CPU
 * work of tens of milliseconds: here it runs on the second core, and the API's event loop keeps
 * answering kept pages and the renders' own data requests meanwhile.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { RenderReply, RenderRequestMessage, ShellServerBundle } from './server-render.js';

const bundle = createRequire(import.meta.url)((workerData as { bundlePath: string }).bundlePath) as ShellServerBundle;

parentPort!.on('message', (message: RenderRequestMessage) => {
  bundle.render(message.request).then(
    (result) => parentPort!.postMessage({ id: message.id, ok: true, result } satisfies RenderReply),
    (error: unknown) => parentPort!.postMessage({ id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies RenderReply),
  );
});
