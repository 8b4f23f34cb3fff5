import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useSearchParams } from 'react-router';
import { Panel } from '../dashboard/Panel.js';
import { CustomersGrid } from './CustomersGrid.js';
import { PracticesGrid } from './practices/PracticesGrid.js';

type CustomersView = 'practices' | 'people';

/**
 * The dashboard's Customers tab in two views (issue 36): the practices, shown first (each with its
 * people, terms and balance), and the people (issue 21's accounts grid). Buttons switch them, as in
 * the Orders tab; the view is kept in the address (?tab=customers&view=people) and a switch
 * replaces the entry.
 */
export function CustomersTab() {
  const [params, setParams] = useSearchParams();
  const view: CustomersView = params.get('view') === 'people' ? 'people' : 'practices';
  const setView = (next: CustomersView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'practices') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Stack spacing={3}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={view}
        onChange={(_event, next: CustomersView | null) => next && setView(next)}
        aria-label="Show"
        sx={{ alignSelf: 'flex-start' }}
      >
        <ToggleButton value="practices">Practices</ToggleButton>
        <ToggleButton value="people">People</ToggleButton>
      </ToggleButtonGroup>
      {view === 'practices' ? (
        <Panel title="Practices" subheader="Search practices by name or a member's email; see their people, orders, invoices and terms; disable or enable a practice">
          <PracticesGrid />
        </Panel>
      ) : (
        <Panel title="People" subheader="Search accounts, see their orders and spending, disable or enable an account">
          <CustomersGrid />
        </Panel>
      )}
    </Stack>
  );
}
