import React from 'react';
import { Box } from '@mui/material';
import { useLocation } from 'react-router';
import { registerMuiInstance, registerReactInstance } from '@dentalmarket/ui';
import { HomePage } from './HomePage.js';
import { MarketplacePage } from './MarketplacePage.js';

registerReactInstance(React);
registerMuiInstance(Box);

/** The storefront remote: the home page (/) and the marketplace (/marketplace). */
export default function StorefrontApp() {
  const { pathname } = useLocation();
  return pathname === '/' ? <HomePage /> : <MarketplacePage />;
}
