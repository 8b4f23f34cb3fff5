import { lazy, Suspense } from 'react';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageSpinner } from '@dentalmarket/ui';
import { AiPanel } from '../ai/AiPanel.js';
import { CategoryManager } from '../categories/CategoryManager.js';
import { CustomersTab } from '../customers/CustomersTab.js';
import { IntegrationsTab } from '../integrations/IntegrationsTab.js';
import { OrdersTab } from '../orders/OrdersTab.js';
import { ProductManager } from '../products/ProductManager.js';
import { SettingsTab } from '../settings/SettingsTab.js';
import { Panel } from './Panel.js';

/** The Analytics tab in a chunk of its own: MUI X Charts are downloaded when the tab is opened, never for the other tabs. */
const AnalyticsTab = lazy(() => import(/* webpackChunkName: "analytics" */ '../analytics/AnalyticsTab.js'));

/** SPEC §2: six tabs (Orders filled by issue 18, Analytics by issue 21), catalog first; the tab is kept in the address (?tab=settings) so a reload stays put. */
export const DASHBOARD_TABS = ['catalog', 'analytics', 'orders', 'customers', 'integrations', 'settings'] as const;
type DashboardTab = (typeof DASHBOARD_TABS)[number];

const TAB_LABELS: Record<DashboardTab, string> = {
  catalog: 'Catalog',
  analytics: 'Analytics',
  orders: 'Orders',
  customers: 'Customers',
  integrations: 'Integrations',
  settings: 'Settings',
};

/** Catalog tab: partner products' categories, the AI card, and every product in one server-side grid. */
function CatalogTab() {
  return (
    <Stack spacing={3}>
      <Panel title="Partner Products Management" subheader="Categories and subcategories of partner (affiliate) products">
        <Tabs value="affiliate" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="affiliate" label="affiliate" />
        </Tabs>
        <CategoryManager productType="affiliate" />
      </Panel>
      <Panel title="Rapid Product Add with AI" subheader="Generate product details from a name, singly or in batch" avatar={<AutoAwesome color="secondary" />}>
        <AiPanel />
      </Panel>
      <Panel title="All Products" subheader="Search, sort and edit every product of the catalogue">
        <ProductManager />
      </Panel>
    </Stack>
  );
}

/** SPEC §2 Admin Dashboard. */
export function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: DashboardTab = (DASHBOARD_TABS as readonly string[]).includes(asked ?? '') ? (asked as DashboardTab) : 'catalog';
  return (
    <Box>
      <Button component={RouterLink} to="/" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        Back to marketplace
      </Button>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        Admin Dashboard
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, next: DashboardTab) => setParams(next === 'catalog' ? {} : { tab: next }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Admin sections"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {DASHBOARD_TABS.map((value) => (
          <Tab key={value} value={value} label={TAB_LABELS[value]} />
        ))}
      </Tabs>
      {tab === 'catalog' ? <CatalogTab /> : tab === 'settings' ? <SettingsTab /> : tab === 'orders' ? <OrdersTab /> : tab === 'analytics' ? (
        <Suspense fallback={<PageSpinner label="Loading analytics…" />}>
          <AnalyticsTab />
        </Suspense>
      ) : tab === 'customers' ? <CustomersTab /> : <IntegrationsTab />}
    </Box>
  );
}
