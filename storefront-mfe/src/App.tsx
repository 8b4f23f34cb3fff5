import React from 'react';
import { useLocation } from 'react-router';
import { registerReactInstance } from '@dentalmarket/ui';
import { MarketplacePage } from './MarketplacePage.js';

registerReactInstance(React);

/** The storefront remote: the home page (/) and the marketplace (/marketplace). */
export default function StorefrontApp() {
  const { pathname } = useLocation();
  return <MarketplacePage showIntro={pathname === '/'} />;
}
