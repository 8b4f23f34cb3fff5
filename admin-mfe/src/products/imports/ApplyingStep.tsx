import type { Ref } from 'react';
import { Box, Button, Typography } from '@mui/material';
import LinearProgress from '@mui/material/LinearProgress';
import type { ImportSummary } from '@dentalmarket/contracts';
import { progressText } from './importText.js';
import { StepLayout } from './StepLayout.js';

export interface ApplyingStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  /** null between the apply's answer and the first look at the job */
  summary: ImportSummary | null;
  onClose: () => void;
}

/** Step 3: the background job's rows done of total; the dialog may close, the job carries on. */
export function ApplyingStep({ headingRef, summary, onClose }: ApplyingStepProps) {
  const progress = summary?.progress ?? { done: 0, total: summary?.total ?? 0 };
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  return (
    <StepLayout heading="Applying the import" headingRef={headingRef} actions={<Button onClick={onClose}>Close</Button>}>
      <Box>
        <LinearProgress variant="determinate" value={percent} aria-label="Import progress" aria-valuetext={progressText(progress)} sx={{ height: 8, borderRadius: 1 }} />
        <Typography sx={{ mt: 1 }}>{progressText(progress)}</Typography>
      </Box>
      <Typography color="text.secondary">
        {summary?.status === 'applying' ? 'Rows are applied in batches.' : 'Waiting for the import to start…'} You can close this dialog: the import carries on,
        and &lsquo;Import CSV&rsquo; shows its progress again.
      </Typography>
    </StepLayout>
  );
}
