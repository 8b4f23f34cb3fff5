import { createHash } from 'node:crypto';
import { DARK_MARK, PENDING_MARK, READY_EVENT, REPLAY_EVENT, SETTINGS_STORAGE_KEY } from '@dentalmarket/contracts';
import { scriptSafeJson } from '../seo/page-head.js';

/**
 * The one inline script of a server-rendered page (issue 20), allowed by the Content-Security-Policy
 * by its hash. Inline, so nothing waits for it. It does three things:
 *
 * - **The colour scheme.** The page is the light theme's: the server cannot read the shopper's
 *   settings, which live in the browser only (SPEC §3). For a shopper who chose dark mode, or who
 *   made no choice on a device set to dark (libs/ui settings' followSystemColorScheme, issue 32; a
 *   setting saved before it existed with dark mode on is a choice), it marks the page before its first paint; the style beside it then shows the dark background instead of the
 *   light page, and the app renders the page afresh in dark mode rather than hydrating the light one
 *   (shell/src/bootstrap.tsx reads the mark).
 * - **Every tap counts (issue 32).** Until the app owns the page (READY_EVENT), a click, tap, Enter or
 *   Space on a control (a button, a link, a checkbox, a form's submit) is held: the control shows at
 *   once that it is busy (PENDING_MARK, aria-busy) and the tap is replayed on the same element once the
 *   shell says the route's part has hydrated and the saved cart is restored, after a REPLAY_EVENT there
 *   (storefront's HydrateWhenVisible hydrates its part for it) and once React owns the element (its
 *   props are on it; a few seconds at most), one tap after the other. A second tap on a held control
 *   is dropped: a double tap adds one item, as after hydration. Typing, choosing in a list, scrolling
 *   and selecting text are the browser's own and never held; a link that opens another tab (or a
 *   modified click) is left to the browser. An element React replaced meanwhile is found again by its
 *   tag, name and place among its likes. If a script of the app fails to load, or the app has not
 *   started GIVE_UP_AFTER_MS after the page began, held links are followed and the rest released:
 *   the page does not stay busy. This is the early event contract Angular's
 *   event replay is built on (JSAction); React has none.
 * - **The app's start, after the page.** The page is already readable, so the app's scripts (listed
 *   in `#dm-scripts`, the shell's main.js first) are asked for once the page and its first images
 *   have loaded (the window's load event, then the next frame; 3 s at most, or when the list has
 *   arrived if the page is still coming): on a slow phone they no longer share the line with the
 *   images the shopper is looking at. The page becomes interactive when they have run (hydration).
 */
/** How long the page-start script holds taps at most, from the page's start (a slow phone on 3G starts in under 10 s). */
export const GIVE_UP_AFTER_MS = 30_000;

export const PAGE_START_SCRIPT =
  `(function(){var d=document,P=${JSON.stringify(PENDING_MARK)},ready=false,held=[];` +
  `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_STORAGE_KEY)})||"null"),o=s&&s.display||{},f=o.followSystemColorScheme;` +
  `var m=matchMedia("(prefers-color-scheme: dark)").matches;if(typeof f==="boolean"?(f?m:o.darkMode===true):o.darkMode===true||m)d.documentElement.setAttribute("${DARK_MARK}","")}catch(e){}` +
  // held taps
  `var C="a[href],button,input,summary,[role=button],[role=link],[role=tab],[role=menuitem],[role=checkbox],[role=switch],[role=option]";` +
  `function sig(c){return c.tagName+"|"+(c.getAttribute("aria-label")||"")+"|"+(c.textContent||"").trim().slice(0,80)}` +
  `function hold(e){if(ready)return;var c=e.type==="submit"?e.target:e.target&&e.target.closest&&e.target.closest(C);if(!c)return;` +
  `if(c.tagName==="INPUT"&&!/^(submit|button|image|reset|checkbox|radio)$/i.test(c.type))return;` +
  `if(c.tagName==="A"&&(c.target&&c.target!=="_self"||c.hasAttribute("download")||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey||e.button))return;` +
  `e.preventDefault();e.stopImmediatePropagation();if(c.hasAttribute(P))return;c.setAttribute(P,"");c.setAttribute("aria-busy","true");` +
  `var k=sig(c),n=0,a=d.querySelectorAll(c.tagName);for(var i=0;i<a.length&&a[i]!==c;i++)if(sig(a[i])===k)n++;held.push({c:c,t:e.type,k:k,n:n})}` +
  `addEventListener("click",hold,true);addEventListener("submit",hold,true);` +
  `function release(){ready=true;removeEventListener("click",hold,true);removeEventListener("submit",hold,true);var l=held;held=[];` +
  `for(var i=0;i<l.length;i++){l[i].c.removeAttribute(P);l[i].c.removeAttribute("aria-busy")}return l}` +
  `function again(h){if(h.c.isConnected)return h.c;var a=d.querySelectorAll(h.c.tagName),n=h.n;for(var i=0;i<a.length;i++)if(sig(a[i])===h.k&&n--===0)return a[i];return null}` +
  `function owned(c){var k=Object.keys(c);for(var i=0;i<k.length;i++)if(k[i].lastIndexOf("__reactProps$",0)===0)return true;return false}` +
  `function play(l,i,t){if(i>=l.length)return;var h=l[i],c=again(h);if(!c)return play(l,i+1,0);` +
  `if(!t)c.dispatchEvent(new Event(${JSON.stringify(REPLAY_EVENT)},{bubbles:true}));` +
  `if(!owned(c)&&t<300)return requestAnimationFrame(function(){play(l,i,t+1)});` +
  `if(h.t==="submit"){if(c.requestSubmit)c.requestSubmit();else c.submit()}else c.click();play(l,i+1,0)}` +
  `d.addEventListener(${JSON.stringify(READY_EVENT)},function(){if(!ready)play(release(),0,0)});` +
  `function giveUp(){if(ready)return;var l=release();for(var i=0;i<l.length;i++)if(l[i].c.tagName==="A"){location.href=l[i].c.href;return}}` +
  `addEventListener("error",function(e){var t=e.target;if(t&&t.tagName==="SCRIPT")giveUp()},true);setTimeout(giveUp,${GIVE_UP_AFTER_MS});` +
  // the app's start
  `var started=false;function run(){var e=d.getElementById("dm-scripts");if(!e){d.addEventListener("DOMContentLoaded",run);return}var l=JSON.parse(e.textContent);for(var i=1;i<l.length;i++){var p=d.createElement("link");p.rel="preload";p.as="script";p.href=l[i];d.head.appendChild(p)}var m=d.createElement("script");m.src=l[0];d.head.appendChild(m)}` +
  `function start(){if(started)return;started=true;if(d.visibilityState==="visible")requestAnimationFrame(function(){requestAnimationFrame(run)});else setTimeout(run,0)}` +
  `addEventListener("load",start);setTimeout(start,3000)` +
  `})()`;

/** The dark theme's page background (libs/ui theme.ts), shown while the dark page is made. */
const COLOR_SCHEME_STYLE = `html[${DARK_MARK}]{background:#0e171c}html[${DARK_MARK}] body{visibility:hidden}`;

/** A held tap's control, busy until the app replays it: dimmed, with the busy cursor (issue 32). */
const PENDING_STYLE = `[${PENDING_MARK}]{cursor:progress!important;opacity:.55;transition:opacity .1s}`;

/** For script-src: this script and no other inline one. */
export const PAGE_START_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_START_SCRIPT).digest('base64')}'`;

export const PAGE_START_HEAD = `<script>${PAGE_START_SCRIPT}</script><style>${COLOR_SCHEME_STYLE}${PENDING_STYLE}</style>`;

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
