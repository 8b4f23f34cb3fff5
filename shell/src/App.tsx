import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '@dentalmarket/ui';
import { CartDebuggerHost } from './CartDebuggerHost.js';
import { Footer } from './Footer.js';
import { Header } from './header/Header.js';
import { MainContent, SkipLink } from './MainContent.js';
import { usePageTitle } from './pageTitle.js';
import { ProductEditorHost } from './ProductEditorHost.js';
import { orderRoutes } from './orderRoutes.js';
import { RemoteRoute } from './RemoteRoute.js';
import { RouteGuard } from './RouteGuard.js';
import { ScrollManager } from './ScrollManager.js';
import { SessionWatcher } from './SessionWatcher.js';
import { HydrationMark } from './hydration.js';
import { NotFoundPage } from './pages/NotFoundPage.js';

// only /auth needs the forms library: loaded with its page, not on every shopper's first page
const AuthPage = lazy(() => import('./pages/AuthPage.js').then((module) => ({ default: module.AuthPage })));

export function App() {
  usePageTitle();
  return (
    <ProductEditorHost>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <SkipLink />
        <SessionWatcher />
        <ScrollManager />
        {/* A boundary of its own: a server-rendered page's header hydrates, and commits, in a task apart
            from the page around it (issue 20's TBT). The shell counts as hydrated (HydrationMark) once
            the header has, so the saved cart reaches its badge only after. */}
        <Suspense fallback={null}>
          <Header />
          <HydrationMark part="shell" />
        </Suspense>
        <MainContent>
          <Routes>
            <Route path="/" element={<RemoteRoute key="storefront" name="storefront" />} />
            <Route path="/marketplace" element={<RemoteRoute key="storefront" name="storefront" />} />
            <Route path="/products/:slug" element={<RemoteRoute key="storefront" name="storefront" />} />
            <Route path="/checkout" element={<RemoteRoute key="checkout" name="checkout" />} />
            {orderRoutes()}
            <Route
              path="/auth"
              element={
                <Suspense fallback={<PageSpinner />}>
                  <AuthPage />
                </Suspense>
              }
            />
            <Route
              path="/admin"
              element={
                <RouteGuard requireAdmin>
                  <RemoteRoute key="admin" name="admin" />
                </RouteGuard>
              }
            />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </MainContent>
        <Footer />
        <CartDebuggerHost />
      </Box>
    </ProductEditorHost>
  );
}
