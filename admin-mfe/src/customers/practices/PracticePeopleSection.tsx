import { Box, Stack, Typography } from '@mui/material';
import { ADMIN_PRACTICE_MEMBERS_SHOWN, type AdminPracticeDetail } from '@dentalmarket/contracts/admin-practices';
import { PRACTICE_ROLE_LABELS } from '@dentalmarket/contracts/practices';
import { DrawerSection } from '../../dashboard/DetailDrawer.js';
import { CustomerStatusChip } from '../CustomerStatusChip.js';

/** The practice's people: name, email, role and whether each may sign in (owners first). */
export function PracticePeopleSection({ practice }: { practice: AdminPracticeDetail }) {
  const { people } = practice;
  return (
    <DrawerSection title="People">
      {people.length === 0 ? <Typography color="text.secondary">No one belongs to this practice.</Typography> : null}
      {practice.members > people.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The first {ADMIN_PRACTICE_MEMBERS_SHOWN} of {practice.members.toLocaleString('en-US')} people; search the People view for the others.
        </Typography>
      ) : null}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {people.map((person) => (
          <Box component="li" key={person.user_id} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{person.full_name ?? person.username}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {person.email}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', ml: 'auto' }}>
              <Typography variant="body2">{PRACTICE_ROLE_LABELS[person.role]}</Typography>
              <CustomerStatusChip disabledAt={person.disabled_at} />
            </Stack>
          </Box>
        ))}
      </Stack>
    </DrawerSection>
  );
}
