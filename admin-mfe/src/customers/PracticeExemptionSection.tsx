import { useEffect, useState } from 'react';
import { Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { isCalendarDay, type PracticeTaxExemption, taxExemptReason } from '@dentalmarket/contracts';
import { TAX_EXEMPTION_LIMITS } from '@dentalmarket/contracts/practices';
import { toastMessage } from '@dentalmarket/ui';
import { DrawerSection } from '../dashboard/DetailDrawer.js';
import { useGetPracticeExemptionQuery, useRemovePracticeExemptionMutation, useSetPracticeExemptionMutation } from './practiceExemptionApi.js';

/** The server's message of a refused save (a string, or the validation list joined). */
const refusal = (error: unknown) => {
  const message = (error as { data?: { message?: unknown } }).data?.message;
  return Array.isArray(message) ? message.join('. ') : typeof message === 'string' ? message : 'Please try again.';
};

/** What the practice's orders get now, in a sentence. */
function status(data: PracticeTaxExemption): { text: string; chip: string | null; color: 'success' | 'warning' | 'default' } {
  if (!data.exemption) return { text: 'Not tax-exempt: its orders carry tax.', chip: null, color: 'default' };
  const reason = taxExemptReason(data.exemption.certificate, data.exemption.valid_until);
  return data.active
    ? { text: `${reason}: its orders carry no tax.`, chip: 'Exempt', color: 'success' }
    : { text: `Certificate ${data.exemption.certificate} expired on ${data.exemption.valid_until}: its orders carry tax.`, chip: 'Expired', color: 'warning' };
}

function ExemptionForm({ practiceId, data }: { practiceId: number; data: PracticeTaxExemption }) {
  const [save, saving] = useSetPracticeExemptionMutation();
  const [remove, removing] = useRemovePracticeExemptionMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [certificate, setCertificate] = useState(data.exemption?.certificate ?? '');
  const [until, setUntil] = useState(data.exemption?.valid_until ?? '');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setCertificate(data.exemption?.certificate ?? '');
    setUntil(data.exemption?.valid_until ?? '');
  }, [data]);
  const certificateProblem = !certificate.trim() ? 'The certificate number is required' : certificate.trim().length > TAX_EXEMPTION_LIMITS.certificateMax ? `At most ${TAX_EXEMPTION_LIMITS.certificateMax} characters` : null;
  const untilProblem = isCalendarDay(until) ? null : 'The last day it is valid, e.g. 2027-06-30';
  const submit = async () => {
    setTried(true);
    if (certificateProblem || untilProblem) return;
    try {
      await save({ id: practiceId, certificate: certificate.trim(), valid_until: until }).unwrap();
      enqueueSnackbar(toastMessage('Tax exemption saved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not save the tax exemption', refusal(error)), { variant: 'error' });
    }
  };
  const clear = async () => {
    try {
      await remove(practiceId).unwrap();
      setTried(false);
      enqueueSnackbar(toastMessage('Tax exemption removed'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not remove the tax exemption', refusal(error)), { variant: 'error' });
    }
  };
  return (
    <Stack spacing={2} component="form" aria-label="Tax exemption" noValidate onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          label="Certificate number"
          value={certificate}
          onChange={(event) => setCertificate(event.target.value)}
          error={tried && certificateProblem !== null}
          helperText={tried && certificateProblem ? certificateProblem : ' '}
          slotProps={{ htmlInput: { maxLength: TAX_EXEMPTION_LIMITS.certificateMax + 10 } }}
        />
        <TextField
          size="small"
          type="date"
          label="Valid until"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          error={tried && untilProblem !== null}
          helperText={tried && untilProblem ? untilProblem : 'Its last valid day'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="outlined" disabled={saving.isLoading}>
          Save exemption
        </Button>
        {data.exemption ? (
          <Button color="error" onClick={() => void clear()} disabled={removing.isLoading}>
            Remove exemption
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}

/**
 * Issue 36: the customer's practice's tax exemption (certificate number and last valid day). While
 * it is valid the practice's orders carry no tax and say why; once expired they carry tax again.
 */
export function PracticeExemptionSection({ practiceId }: { practiceId: number }) {
  const { data, isError } = useGetPracticeExemptionQuery(practiceId);
  const shown = data ? status(data) : null;
  return (
    <DrawerSection title="Tax exemption">
      {data && shown ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {shown.chip ? <Chip size="small" label={shown.chip} color={shown.color} variant="outlined" /> : null}
            <Typography data-testid="practice-exemption-status">{shown.text}</Typography>
          </Stack>
          <ExemptionForm practiceId={practiceId} data={data} />
        </Stack>
      ) : (
        <Typography color={isError ? 'error' : 'text.secondary'}>{isError ? 'Failed to fetch the tax exemption' : 'Loading tax exemption…'}</Typography>
      )}
    </DrawerSection>
  );
}
