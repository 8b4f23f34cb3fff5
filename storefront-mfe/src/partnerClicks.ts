import type { MouseEvent } from 'react';
import { ANALYTICS_LIMITS, PARTNER_CLICKS_ROUTE, type PartnerClickBody } from '@dentalmarket/contracts';

/** A UUID v4: crypto.randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere. */
function newClickId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The ping URL of a partner link: the click's fields in the query (the ping's body is only the word PING). */
export function partnerPingUrl(click: PartnerClickBody): string {
  const query = new URLSearchParams({ productId: String(click.productId) });
  if (click.clickId) query.set('clickId', click.clickId);
  if (click.from) query.set('from', click.from);
  return `${PARTNER_CLICKS_ROUTE}?${query}`;
}

/**
 * Reports that the shopper is following a partner link, without delaying it: nothing is awaited and
 * the event's default (the navigation) is left alone. The click gets an id, written into the link's
 * `ping` (which the browser sends as it follows the link, after this handler) and sent in a
 * beacon, so the API counts the two as one click. Never throws: analytics must not break the link.
 */
export function reportPartnerClick(link: Element, productId: number): void {
  try {
    const click: PartnerClickBody = { productId, clickId: newClickId(), from: `${window.location.pathname}${window.location.search}`.slice(0, ANALYTICS_LIMITS.fromMax) };
    link.setAttribute('ping', partnerPingUrl(click));
    const body = JSON.stringify(click);
    // a string body goes as text/plain: no preflight, and the browser sends it even as the page goes away
    if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(PARTNER_CLICKS_ROUTE, body);
    else void fetch(PARTNER_CLICKS_ROUTE, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
  } catch {
    // the ping still reports the click
  }
}

/**
 * What a partner product's 'View Product' link adds to its own href, target and rel (which stay as
 * SPEC has them): the `ping` attribute, and the click report on a click or a middle click (a new tab).
 */
export function partnerLinkTracking(productId: number) {
  return {
    ping: partnerPingUrl({ productId }),
    onClick: (event: MouseEvent<HTMLElement>) => reportPartnerClick(event.currentTarget, productId),
    onAuxClick: (event: MouseEvent<HTMLElement>) => {
      if (event.button === 1) reportPartnerClick(event.currentTarget, productId);
    },
  };
}
