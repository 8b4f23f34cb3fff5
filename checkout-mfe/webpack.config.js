import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '@dentalmarket/mf-config';

export default createConfig({
  name: 'checkout',
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  exposes: {
    './App': './src/App.tsx',
    './CartDebugger': './src/CartDebugger.tsx',
    // the shopper's order pages (issue 18), each its own chunk: the shell's /orders routes load them
    './Orders': './src/orders/OrdersList.tsx',
    './OrderPage': './src/orders/OrderPage.tsx',
    './OrderLookup': './src/orders/OrderLookup.tsx',
    // the practice pages (issue 36): the shell's /practice and /invitations/:token routes
    './Practice': './src/practice/PracticePage.tsx',
    './AcceptInvitation': './src/practice/AcceptInvitation.tsx',
    // the practice's order guides (issue 36): the shell's /order-guides and /order-guides/:id routes
    './OrderGuides': './src/order-guides/OrderGuidesPage.tsx',
    './OrderGuide': './src/order-guides/OrderGuidePage.tsx',
  },
  port: 3102,
});
