import { createHash } from 'node:crypto';
import { DARK_MARK, SETTINGS_STORAGE_KEY } from '@dentalmarket/contracts';
import { scriptSafeJson } from '../seo/page-head.js';

/**
 * The one inline script of a server-rendered page (issue 20), allowed by the Content-Security-Policy
 * by its hash. Inline, so nothing waits for it. It does two things:
 *
 * - **The colour scheme.** The page is the light theme's: the server cannot read the shopper's
 *   settings, which live in the browser only (SPEC §3). For a shopper who chose dark mode it marks the
 *   page before its first paint; the style beside it then shows the dark background instead of the
 *   light page, and the app renders the page afresh in dark mode rather than hydrating the light one
 *   (shell/src/bootstrap.tsx reads the mark).
 * - **The app's start, after the page.** The page is already readable, so the app's scripts (listed
 *   in `#dm-scripts`, the shell's main.js first) are asked for once the page and its first images
 *   have loaded (the window's load event, then the next frame; 3 s at most): on a slow phone they no
 *   longer share the line with the images the shopper is looking at. The page becomes interactive
 *   when they have run (hydration).
 */
export const PAGE_START_SCRIPT =
  `(function(){` +
  `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_STORAGE_KEY)})||"null");if(s&&s.display&&s.display.darkMode===true)document.documentElement.setAttribute("${DARK_MARK}","")}catch(e){}` +
  `var started=false;function run(){var l=JSON.parse(document.getElementById("dm-scripts").textContent);for(var i=1;i<l.length;i++){var p=document.createElement("link");p.rel="preload";p.as="script";p.href=l[i];document.head.appendChild(p)}var m=document.createElement("script");m.src=l[0];document.head.appendChild(m)}` +
  `function start(){if(started)return;started=true;if(document.visibilityState==="visible")requestAnimationFrame(function(){requestAnimationFrame(run)});else setTimeout(run,0)}` +
  `addEventListener("load",start);setTimeout(start,3000)` +
  `})()`;

/** The dark theme's page background (libs/ui theme.ts), shown while the dark page is made. */
const COLOR_SCHEME_STYLE = `html[${DARK_MARK}]{background:#0e171c}html[${DARK_MARK}] body{visibility:hidden}`;

/** For script-src: this script and no other inline one. */
export const PAGE_START_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_START_SCRIPT).digest('base64')}'`;

export const PAGE_START_HEAD = `<script>${PAGE_START_SCRIPT}</script><style>${COLOR_SCHEME_STYLE}</style>`;

/**
 * The shell's page for a server-rendered page: its scripts (main.js and the preloads of what it
 * runs first) taken out of the head and listed in `#dm-scripts` for PAGE_START_SCRIPT to ask for
 * after the page has loaded.
 */
export function withDeferredStart(shell: string): string {
  const scripts: string[] = [];
  const without = shell
    .replace(/<script defer="defer" src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      scripts.unshift(src);
      return '';
    })
    .replace(/<link rel="preload" as="script" href="([^"]+)"\/?>/g, (_tag, href: string) => {
      scripts.push(href);
      return '';
    });
  if (scripts.length === 0) return shell;
  return without.replace('</body>', () => `<script id="dm-scripts" type="application/json">${scriptSafeJson(JSON.stringify(scripts))}</script></body>`);
}
