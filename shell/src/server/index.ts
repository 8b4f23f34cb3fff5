// The shell's server bundle (issue 20), required by the API: dist/server/ssr.js. Only an async
// boundary, like the browser's index.ts: the shared singletons (React, MUI, the store…) are
// negotiated with the remotes' server containers before any of them is imported.
import type { RenderRequest, RenderResult } from './render.js';

export type { RenderRequest, RenderResult } from './render.js';

export async function render(request: RenderRequest): Promise<RenderResult> {
  const { renderPage } = await import('./render.js');
  return renderPage(request);
}
