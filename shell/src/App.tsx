import { Box, Container } from '@mui/material';
import { Route, Routes } from 'react-router';
import { CartDebuggerHost } from './CartDebuggerHost.js';
import { Header } from './Header.js';
import { ProductEditorHost } from './ProductEditorHost.js';
import { RemoteRoute } from './RemoteRoute.js';
import { RouteGuard } from './RouteGuard.js';
import { SessionWatcher } from './SessionWatcher.js';
import { AuthPage } from './pages/AuthPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';

export function App() {
  return (
    <ProductEditorHost>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <SessionWatcher />
        <Header />
        <Container component="main" maxWidth="xl" sx={{ py: 3 }}>
          <Routes>
            <Route path="/" element={<RemoteRoute key="storefront" name="storefront" />} />
            <Route path="/marketplace" element={<RemoteRoute key="storefront" name="storefront" />} />
            <Route path="/checkout" element={<RemoteRoute key="checkout" name="checkout" />} />
            <Route path="/auth" element={<AuthPage />} />
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
        </Container>
        <CartDebuggerHost />
      </Box>
    </ProductEditorHost>
  );
}
