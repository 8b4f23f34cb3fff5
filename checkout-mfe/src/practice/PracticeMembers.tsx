import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type Practice, type PracticeMember, type PracticeRole } from '@dentalmarket/contracts';
import { PRACTICE_ROLE_LABELS, PRACTICE_ROLES } from '@dentalmarket/contracts/practices';
import { toastMessage } from '@dentalmarket/ui';
import { useChangeMemberRoleMutation, useRemoveMemberMutation } from './practiceApi.js';
import { apiMessage, personName } from './practiceMessages.js';

/** Asks before someone leaves the practice or is removed from it. */
function ConfirmRemoval({ member, self, practice, onClose }: { member: PracticeMember; self: boolean; practice: Practice; onClose: () => void }) {
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = async () => {
    try {
      await remove(member.user_id).unwrap();
      enqueueSnackbar(toastMessage(self ? `You left ${practice.name}` : `${personName(member)} was removed`, self ? 'Your account now has a practice of its own.' : undefined), {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      enqueueSnackbar(toastMessage(self ? 'Could not leave the practice' : 'Could not remove the member', apiMessage(error, 'Please try again.')), { variant: 'error' });
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="remove-member-title">
      <DialogTitle id="remove-member-title">{self ? 'Leave practice?' : `Remove ${personName(member)}?`}</DialogTitle>
      <DialogContent>
        <Typography>
          {self
            ? `You will no longer see ${practice.name}'s orders. Your account stays, with a practice of its own.`
            : `${personName(member)} will no longer see ${practice.name}'s orders. Their account stays, with a practice of its own; the orders they placed stay here.`}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
          {self ? 'Leave practice' : 'Remove'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RoleSelect({ member }: { member: PracticeMember }) {
  const [change, { isLoading }] = useChangeMemberRoleMutation();
  const { enqueueSnackbar } = useSnackbar();
  const onChange = async (role: PracticeRole) => {
    try {
      await change({ userId: member.user_id, role }).unwrap();
      enqueueSnackbar(toastMessage('Role changed', `${personName(member)} is now ${PRACTICE_ROLE_LABELS[role].toLowerCase()}.`), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not change the role', apiMessage(error, 'Please try again.')), { variant: 'error' });
    }
  };
  return (
    <TextField
      select
      size="small"
      label={`Role of ${personName(member)}`}
      value={member.role}
      disabled={isLoading}
      onChange={(event) => onChange(event.target.value as PracticeRole)}
      sx={{ minWidth: 150 }}
    >
      {PRACTICE_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {PRACTICE_ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The practice's people with their roles; an owner changes roles and removes people; anyone may leave. */
export function PracticeMembers({ practice }: { practice: Practice }) {
  const [removing, setRemoving] = useState<PracticeMember | null>(null);
  const owner = practice.my_role === 'owner';
  const me = practice.members.find((member) => member.user_id === practice.my_user_id);
  return (
    <Card component="section" aria-labelledby="practice-members-heading">
      <CardContent>
        <Typography id="practice-members-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
          Members
        </Typography>
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {practice.members.map((member) => {
            const self = member.user_id === practice.my_user_id;
            return (
              <Stack
                component="li"
                key={member.user_id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {personName(member)}
                    {self ? ' (you)' : ''}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
                  {owner ? <RoleSelect member={member} /> : <Chip label={PRACTICE_ROLE_LABELS[member.role]} />}
                  {owner && !self ? (
                    <Button color="error" onClick={() => setRemoving(member)} aria-label={`Remove ${personName(member)}`}>
                      Remove
                    </Button>
                  ) : null}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
        {me ? (
          <Box sx={{ mt: 3 }}>
            <Button variant="outlined" color="error" onClick={() => setRemoving(me)}>
              Leave practice
            </Button>
          </Box>
        ) : null}
        {removing ? <ConfirmRemoval member={removing} self={removing.user_id === practice.my_user_id} practice={practice} onClose={() => setRemoving(null)} /> : null}
      </CardContent>
    </Card>
  );
}
